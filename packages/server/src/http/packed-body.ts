import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Smaller answers are sent as they are. */
const MIN_PACKED = 1024;
/** The quick bodies' shared encoding buffer (fromJson): each is compressed before the next is written. */
let scratch = Buffer.allocUnsafe(64 * 1024);
const brotliParams = (quality: number, size: number) => ({ [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size });

/**
 * A JSON answer kept between requests (a rank page read many times between changes): the
 * envelope serialised once, its brotli and gzip forms made on first demand, off the event loop,
 * and kept too. Sending one costs a buffer write instead of a serialisation and a compression.
 *
 * `quick` (fromJson): for answers mostly sent once and kept by the thousand (virtual rank pages,
 * one per runner's elapsed time), the brotli form is made at once at quality 1, on the event loop
 * (a 70 KB rank page in about 0.1 ms, 20 % larger than quality 4, which costs 0.3 ms in the thread
 * pool and as much again of stream set-up here), and only it is kept (4 KB instead of 74): the
 * JSON, and gzip from it, are made again from it for the rare client without brotli.
 */
export class PackedBody<T> {
  private readonly packed = new Map<string, Promise<Buffer>>();
  private parsed: { data: T } | null;
  private raw: Buffer | null;
  /** Quick: the brotli form, the one kept. */
  private readonly brotliKept: Buffer | null = null;
  private readonly size: number;
  private constructor(data: T | undefined, json: Buffer, private readonly quick = false) {
    this.parsed = data === undefined ? null : { data };
    this.size = json.length;
    this.raw = json;
    if (quick && this.size >= MIN_PACKED) {
      this.brotliKept = zlib.brotliCompressSync(json, { params: brotliParams(1, this.size) });
      this.packed.set('br', Promise.resolve(this.brotliKept));
      this.raw = null;
    } else if (quick) {
      this.raw = Buffer.from(json); // a small answer kept as it is: out of the shared scratch buffer
    }
  }

  /** The envelope as JSON bytes. */
  get json(): Buffer {
    return (this.raw ??= zlib.brotliDecompressSync(this.brotliKept!));
  }

  /** The answer's data (parsed from the JSON when it was made from text). */
  get data(): T {
    this.parsed ??= { data: (JSON.parse(this.json.toString()) as { data: T }).data };
    return this.parsed.data;
  }

  /** The success envelope of `data`, as `ok(data)` would be sent. */
  static ok<T>(data: T): PackedBody<T> {
    return new PackedBody(data, Buffer.from(JSON.stringify(ok(data))));
  }

  /**
   * An envelope already written as JSON text (rows joined from kept parts). Quick: the text is
   * encoded into one reused buffer, since only its brotli form is kept (a fresh 70 KB buffer per
   * page, outside the heap, would bring on full collections at hundreds of pages a second).
   */
  static fromJson<T>(json: string, o: { quick?: boolean } = {}): PackedBody<T> {
    if (!o.quick) return new PackedBody<T>(undefined, Buffer.from(json));
    const size = Buffer.byteLength(json);
    if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, 2 * scratch.length));
    scratch.write(json);
    return new PackedBody<T>(undefined, scratch.subarray(0, size), true);
  }

  /** The bytes for the client's Accept-Encoding, with the encoding used (undefined: plain JSON). */
  async bytes(acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
    const encoding = this.size < MIN_PACKED ? undefined : /\bbr\b/.test(acceptEncoding ?? '') ? 'br' : /\bgzip\b/.test(acceptEncoding ?? '') ? 'gzip' : undefined;
    if (!encoding) return { body: this.json };
    let p = this.packed.get(encoding);
    if (!p) {
      if (this.quick) p = Promise.resolve(zlib.gzipSync(this.json, { level: 1 }));
      else p = encoding === 'br' ? brotli(this.json, { params: brotliParams(4, this.size) }) : gzip(this.json, { level: 6 });
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
