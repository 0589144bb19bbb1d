import { JudgeStatus } from '@verdict/shared';
import type { TestApp } from '../helpers.js';
import type { TestUser } from '../judge-fixtures.js';

/** HTTP calls for the remote-judge tests: envelope parsed, user token and language optional. */
export async function api(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { user?: TestUser; body?: unknown; query?: Record<string, unknown>; lang?: 'en-US' | 'zh-CN' } = {}) {
  const headers: Record<string, string> = {};
  if (opts.user) headers.authorization = opts.user.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const qs = opts.query ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString() : '';
  const res = await t.app.inject({ method, url: url + qs, headers, payload: opts.body as never });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const FINAL = (s: number) => ![JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING].includes(s as never);

/** Waits until the submission has a final status and returns its row. */
export async function finalOf(t: TestApp, submitId: number, timeoutMs = 20_000) {
  return waitFor(`submission ${submitId} to finish`, async () => {
    const row = await t.ctx.db.selectFrom('submission').selectAll().where('id', '=', submitId).executeTakeFirstOrThrow();
    return FINAL(row.status) ? row : null;
  }, timeoutMs);
}
