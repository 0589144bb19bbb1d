import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** One answer that does not match its declared schema: what the suites fail on. */
export interface ResponseDrift { method: string; url: string; issues: string[] }

/**
 * The suites' contract check (RESPONSE_CHECK=1, set by every test configuration): each JSON
 * answer of the success status is parsed back and checked against its route's declared
 * `schema.response` (strict objects, so a missing, mistyped or undeclared field all fail).
 * A mismatch turns the answer into a 500 naming the fields, so the test that made the call
 * fails where it stands. Production never runs this: its answers go out as plain JSON.
 */
export function registerResponseCheck(app: FastifyInstance, onDrift: (d: ResponseDrift) => void) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 200) return payload;
    const schema = (reply.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[200] as z.ZodType | undefined;
    if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') return payload;
    if (!/json/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    let text: string;
    if (typeof payload === 'string') text = payload;
    else if (Buffer.isBuffer(payload)) text = decode(payload, String(reply.getHeader('content-encoding') ?? '')).toString('utf8');
    else return payload; // a stream is a file, never an envelope
    const result = schema.safeParse(JSON.parse(text));
    if (result.success) return payload;
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    const drift = { method: req.method, url: reply.routeOptions.url ?? req.url, issues };
    onDrift(drift);
    req.log.error(drift, 'answer does not match its declared schema');
    reply.code(500).removeHeader('content-encoding');
    return JSON.stringify({ status: 500, msg: `response drift on ${drift.method} ${drift.url}: ${issues.slice(0, 8).join('; ')}`, data: null });
  });
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}
