import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A JSON answer kept between requests (a rank page read many times between changes): the
 * envelope serialised once, its brotli and gzip forms made on first demand, off the event loop,
 * and kept too. Sending one costs a buffer write instead of a serialisation and a compression.
 */
export class PackedBody<T> {
  private readonly packed = new Map<string, Promise<Buffer>>();
  constructor(readonly data: T, readonly json: Buffer) {}

  /** The success envelope of `data`, as `ok(data)` would be sent. */
  static ok<T>(data: T): PackedBody<T> {
    return new PackedBody(data, Buffer.from(JSON.stringify(ok(data))));
  }

  /** The bytes for the client's Accept-Encoding, with the encoding used (undefined: plain JSON). */
  async bytes(acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
    const encoding = this.json.length < 1024 ? undefined : /\bbr\b/.test(acceptEncoding ?? '') ? 'br' : /\bgzip\b/.test(acceptEncoding ?? '') ? 'gzip' : undefined;
    if (!encoding) return { body: this.json };
    let p = this.packed.get(encoding);
    if (!p) {
      p = encoding === 'br'
        ? brotli(this.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
        : gzip(this.json, { level: 6 });
      this.packed.set(encoding, p);
    }
    return { body: await p, encoding };
  }

  /** Sends the bytes the request accepts (the compression plugin leaves an encoded body alone). */
  async send(req: FastifyRequest, reply: FastifyReply) {
    const { body, encoding } = await this.bytes(req.headers['accept-encoding']);
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(body);
  }
}
