import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { z } from 'zod';
import { vo } from '@verdict/shared';
import { answer } from '../src/http/answer.js';
import { registerResponseCheck, type ResponseDrift } from '../src/http/response-check.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Every route declares its answer (`schema.response`, http/answer.ts): a JSON route the envelope
 * around its `data` schema, a download its file. The declared objects are strict, so the suites'
 * response check (RESPONSE_CHECK, http/response-check.ts) fails on an undeclared field too, and
 * /api/docs documents every field.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

/** The API's routes: not the OpenAPI document and its viewer (/api/docs, /api/docs/ui: swagger-ui's own pages). */
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(r.url) && r.method !== 'OPTIONS');

/** Paths (in the schema) of every object that accepts fields it does not name. */
function looseObjects(schema: z.ZodType, at = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  const walk = (s: unknown, p: string) => (s ? looseObjects(s as z.ZodType, p, seen) : []);
  switch (def.type) {
    case 'object': {
      const own = def.catchall?._zod.def.type === 'never' ? [] : [at || '(root)'];
      return [...own, ...Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => walk(v, `${at}.${k}`))];
    }
    case 'array': return walk(def.element, `${at}[]`);
    case 'record': return walk(def.valueType, `${at}{}`);
    case 'tuple': return (def.items as unknown[]).flatMap((s, i) => walk(s, `${at}[${i}]`));
    case 'union': return (def.options as unknown[]).flatMap((s, i) => walk(s, `${at}|${i}`));
    case 'intersection': return [...walk(def.left, at), ...walk(def.right, at)];
    case 'nullable': case 'optional': case 'default': case 'readonly': case 'catch': case 'nonoptional': return walk(def.innerType, at);
    case 'lazy': return walk(def.getter(), at);
    case 'pipe': return walk(def.out, at);
    default: return [];
  }
}

describe('declared answers', () => {
  it('every API route declares the answer of its success status', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(280);
    expect(routes.filter((r) => !r.response?.[200]).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every declared object is strict (an undeclared field is drift, not silently passed)', () => {
    const loose: string[] = [];
    for (const r of apiRoutes()) {
      const s = r.response?.[200];
      if (s instanceof z.ZodType) loose.push(...looseObjects(s).map((p) => `${r.method} ${r.url} ${p}`));
    }
    expect(loose).toEqual([]);
  });

  it('/api/docs describes the fields of every answer', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as { paths: Record<string, Record<string, any>> };
    const undocumented: string[] = [];
    let operations = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [verb, op] of Object.entries(ops)) {
        operations++;
        const ok = op.responses?.['200'];
        const json = ok?.content?.['application/json']?.schema;
        const file = ok && Object.keys(ok.content ?? {}).some((c) => c !== 'application/json');
        if (!(json?.properties?.data || file)) undocumented.push(`${verb.toUpperCase()} ${p}`);
      }
    }
    expect(operations).toBeGreaterThan(280);
    expect(undocumented).toEqual([]);
  });

  it('an answer that drifts from its schema fails the call in the suites: a 500 naming the field, compressed or not', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    const drift: ResponseDrift[] = [];
    registerResponseCheck(app, (d) => drift.push(d));
    const position = vo({ acmRank: z.number().nullable(), oiRank: z.number().nullable() });
    app.get('/kept', { schema: { response: answer(position) } }, async () => ({ status: 200, msg: 'success', data: { acmRank: 1, oiRank: null } }));
    app.get('/renamed', { schema: { response: answer(position) } }, async () => ({ status: 200, msg: 'success', data: { acmRank: 1, oiRankk: 2 } }));
    // A kept page goes out pre-serialised and compressed (PackedBody): checked after decoding.
    app.get('/packed', { schema: { response: answer(position) } }, async (_req, reply) =>
      reply.header('content-type', 'application/json').header('content-encoding', 'br').send(zlib.brotliCompressSync(JSON.stringify({ status: 200, msg: 'success', data: { acmRank: '1', oiRank: null } }))));
    expect((await app.inject({ url: '/kept' })).statusCode).toBe(200);
    const renamed = await app.inject({ url: '/renamed' });
    expect(renamed.statusCode).toBe(500);
    expect(renamed.json().msg).toContain('oiRank');
    const packed = await app.inject({ url: '/packed' });
    expect(packed.statusCode).toBe(500);
    expect(packed.headers['content-encoding']).toBeUndefined();
    expect(packed.json().msg).toContain('data.acmRank');
    expect(drift.map((d) => d.url)).toEqual(['/renamed', '/packed']);
    await app.close();
  });
});
