import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Walks strings and keys of a parsed query or body without recursion (bodies may nest deeply). */
function mapStrings(root: unknown, visit: (s: string) => string | null): { found: boolean; value: unknown } {
  let found = false;
  const fix = (s: string) => {
    const r = visit(s);
    if (r === null) return s;
    found = true;
    return r;
  };
  if (typeof root === 'string') return { found: visit(root) !== null, value: fix(root) };
  const stack: unknown[] = [root];
  while (stack.length) {
    const x = stack.pop();
    if (!x || typeof x !== 'object' || Buffer.isBuffer(x)) continue;
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
      if (visit(k) !== null) found = true;
      if (typeof v === 'string') (x as Record<string, unknown>)[k] = fix(v);
      else stack.push(v);
    }
  }
  return { found, value: root };
}

const withNul = (s: string) => (s.includes('\u0000') ? s.replace(/\u0000/g, '\uFFFD') : null);

/**
 * NUL characters in request text. PostgreSQL text cannot hold U+0000 (SQLite would keep it), so a
 * NUL anywhere in a query or JSON body is refused with a clear 400 on either database, instead of
 * a 500 from the driver. The judge protocol is the exception: a program may print NUL bytes, so
 * the worker's texts (outputs, compiler messages) have them replaced by U+FFFD and are kept.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.url.startsWith('/api/judge/')) {
      mapStrings(req.body, withNul);
      return;
    }
    const has = (v: unknown) => mapStrings(v, (s) => (s.includes('\u0000') ? s : null)).found;
    if (has(req.query) || has(req.params) || has(req.body)) throw badRequest('textHasNul');
  });
}
