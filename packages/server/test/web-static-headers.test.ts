import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * How the server hands out the built web client and its API answers: precompressed files by
 * Accept-Encoding, cache lifetimes (hashed assets for a year, HTML revalidated), per-request
 * compression of API JSON above 1 KB only, and the security headers on every kind of response.
 * The web dist here is a small stand-in laid out like Vite's (index.html + hashed assets + the
 * .br/.gz copies the build writes).
 */
let t: TestApp;
let dist: string;
const js = `console.log(${JSON.stringify('verdict '.repeat(400))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

function writeWithCopies(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-web-dist-'));
  writeWithCopies(path.join(dist, 'index.html'), html);
  writeWithCopies(path.join(dist, 'assets/index-AbCd1234.js'), js);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

function expectSecurityHeaders(h: Record<string, unknown>) {
  const csp = String(h['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("img-src 'self' data: blob: https:");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('web client files', () => {
  it('sends a hashed asset precompressed by Accept-Encoding, cached for a year as immutable', async () => {
    const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    // The file written at build time, byte for byte: not compressed again per request.
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/index-AbCd1234.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await get('/assets/index-AbCd1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbCd1234.js', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script file is no document: it keeps nosniff and the resource policy, not the page's CSP and framing headers.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(plain.headers['content-security-policy']).toBeUndefined();
    expect(plain.headers['x-frame-options']).toBeUndefined();
  });

  it('sends index.html and the SPA fallback with no-cache, compressed, and the security headers', async () => {
    for (const url of ['/', '/index.html', '/home', '/problem/1000']) {
      const r = await get(url, 'br');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(r.rawPayload).toString(), url).toBe(html);
      expectSecurityHeaders(r.headers);
    }
    // Files without a content hash are revalidated too.
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('compresses JSON above 1 KB per request by Accept-Encoding and leaves small answers alone', async () => {
    const big = await get('/api/docs', 'gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const doc = JSON.parse(zlib.gunzipSync(big.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    expect((await get('/api/docs', 'br')).headers['content-encoding']).toBe('br');
    expect((await get('/api/docs', '')).headers['content-encoding']).toBeUndefined();

    const small = await get('/api/health', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toBeTruthy();
  });

  it('carries the security headers on JSON answers and errors', async () => {
    expectSecurityHeaders((await get('/api/health')).headers);
    const missing = await get('/api/no-such-call');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('serves an OpenAPI viewer at /api/docs/ui whose scripts come from this server', async () => {
    const page = await get('/api/docs/ui');
    const html = page.statusCode === 302 ? (await get(String(page.headers.location))).body : page.body;
    expect(html).toContain('swagger-ui');
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script: every <script> has a src on this origin.
    expect(html.match(/<script(?![^>]*src=)[^>]*>/g)).toBeNull();
    for (const src of scripts) {
      const url = new URL(src, 'http://localhost/api/docs/ui/').pathname;
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expectSecurityHeaders(page.headers);
  });
});
