import zlib from 'node:zlib';
import { expect } from 'vitest';

type Get = (acceptEncoding?: string) => Promise<{ headers: Record<string, unknown>; rawPayload: Buffer; json: () => any }>;

/**
 * A kept answer (http/packed-body.ts) as clients see it: plain JSON without Accept-Encoding,
 * brotli or gzip when accepted, all three the same JSON. Returns the plain body.
 */
export async function expectPackedAnswer(get: Get) {
  const plain = await get();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['content-type']).toMatch(/^application\/json/);
  const body = plain.json();
  const br = await get('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(body);
  const gz = await get('gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(body);
  return body;
}
