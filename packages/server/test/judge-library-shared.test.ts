import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_TOKEN_HEADER, JudgeStatus, Role } from '@verdict/shared';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeUser, multipart } from './problem-helpers.js';

/**
 * Issue 28 item 1 in the scaled setup: two servers, each with its own DATA_DIR, on one database
 * (PostgreSQL with TEST_DB=postgres; the same SQLite file otherwise). A header uploaded on one is
 * what the other's checker compile receives, byte for byte, with no shared disk; a row whose bytes
 * no server holds is named to the admin, never left out of the compile.
 */
const SECRETS = { JWT_SECRET: 'judge-library-shared-secret-0123456789', JUDGE_TOKEN: 'judge-library-shared-token' };
const en = { 'accept-language': 'en-US' };
let a: TestApp;
let b: BuiltApp;
let bDir: string;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  a = await createTestApp({}, SECRETS);
  bDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-test-b-'));
  const databaseUrl = a.ctx.config.databaseUrl ?? `sqlite:${path.join(a.dataDir, 'verdict.db')}`;
  b = await buildApp(loadConfig({ DATA_DIR: bDir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'warn', RESPONSE_CHECK: '1', ...SECRETS }, { databaseUrl }), { logger: false });
  await b.app.ready();
  admin = await makeUser(a, 'shared-lib-admin', Role.ADMIN);
  const reg = await b.app.inject({
    method: 'POST', url: '/api/judge/register', headers: { [JUDGE_TOKEN_HEADER]: SECRETS.JUDGE_TOKEN },
    payload: { name: 'wb', version: 'test', protocol: 1, cpuCores: 1, slots: 1, isolation: 'full', languages: [{ name: 'C++17', available: true, version: '1' }] },
  });
  expect(reg.statusCode).toBe(200);
});
afterAll(async () => {
  await b?.app.close();
  if (bDir) fs.rmSync(bDir, { recursive: true, force: true });
  await a?.close();
});

const upload = (app: BuiltApp, name: string, data: Buffer) => {
  const mp = multipart('file', name, data);
  return app.app.inject({ method: 'POST', url: '/api/admin/judge-library', headers: { ...admin.headers, ...mp.headers, ...en }, payload: mp.payload });
};

/** The Compile button of the problem form on server B, with a worker claiming from B: the files the checker compile received, and B's answer. */
async function compileOnB() {
  const answer = b.app.inject({
    method: 'POST', url: '/api/admin/problem/compile-spj', headers: { ...admin.headers, ...en },
    payload: { code: '#include "testlib.h"\nint main(){}', language: 'C++17' },
  });
  const judge = { [JUDGE_TOKEN_HEADER]: SECRETS.JUDGE_TOKEN };
  let files: Record<string, string> | null = null;
  for (let i = 0; i < 20 && !files; i++) {
    const claim = (await b.app.inject({ method: 'POST', url: '/api/judge/claim', headers: judge, payload: { name: 'wb', waitMs: 500, freeSlots: 1 } })).json().data;
    if (!claim.task) {
      // The compile may have been refused before it was queued.
      const early = await Promise.race([answer, new Promise((r) => setTimeout(() => r(null), 0))]);
      if (early) return { files: null, answer: (early as Awaited<typeof answer>).json() };
      continue;
    }
    expect(claim.task.kind).toBe('compile');
    files = claim.task.problem.judgeExtraFiles as Record<string, string>;
    await b.app.inject({
      method: 'POST', url: '/api/judge/result', headers: judge,
      payload: {
        taskId: claim.task.taskId, leaseToken: claim.task.leaseToken,
        result: { status: JudgeStatus.ACCEPTED, score: null, time: 0, memory: 0, errorMessage: null, cases: [], judger: 'wb', compile: { ok: true, message: '' } },
      },
    });
  }
  return { files, answer: (await answer).json() };
}

describe('judge library shared by every server of one database', () => {
  it('a header uploaded on server A is what server B\'s checker compile gets, byte for byte; a replacement reaches B too', async () => {
    // A byte-order mark and non-ASCII text: the bytes must survive exactly.
    const v1 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('// testlib 测试 v1\n#define FROM_A 1\n')]);
    expect((await upload(a, 'testlib.h', v1)).json()).toMatchObject({ status: 200, data: { name: 'testlib.h', size: v1.length } });
    const first = await compileOnB();
    expect(first.answer).toMatchObject({ status: 200, msg: 'Compiled Successfully' });
    expect(Buffer.from(first.files!['testlib.h'], 'utf8').equals(v1)).toBe(true);
    // Nothing of the library is on B's disk: the database carried it.
    expect(fs.existsSync(path.join(bDir, 'judge-library'))).toBe(false);
    const v2 = Buffer.from('// testlib v2\n');
    await upload(a, 'testlib.h', v2);
    expect((await compileOnB()).files).toEqual({ 'testlib.h': '// testlib v2\n' });
    const lists = await Promise.all([a, b].map(async (s) => (await s.app.inject({ method: 'GET', url: '/api/admin/judge-library', headers: admin.headers })).json().data));
    expect(lists[1]).toEqual(lists[0]);
  });

  it('a header kept on one server\'s disk before the library moved into the database is named while no server has given it, then reaches every server', async () => {
    // As a site from before migration 0034 left it: the row with its hash, the bytes only under A's DATA_DIR.
    const bytes = Buffer.from('// legacy header\n');
    fs.mkdirSync(path.join(a.dataDir, 'judge-library'), { recursive: true });
    fs.writeFileSync(path.join(a.dataDir, 'judge-library', 'legacy.h'), bytes);
    const { createHash } = await import('node:crypto');
    await a.ctx.db.insertInto('judge_library').values({
      name: 'legacy.h', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), uid: admin.uid, gmt_modified: Date.now(), content: null,
    }).execute();
    const lost = await compileOnB();
    expect(lost.files).toBeNull();
    expect(lost.answer).toMatchObject({
      status: 409, msg: 'The judge library has no intact copy of legacy.h (missing or damaged in the database): upload that file again in Admin → Judge library',
    });
    // Server A still has the file with the recorded hash: its first read stores the bytes in the row.
    expect((await a.ctx.services.judgeLibrary.snapshot()).files['legacy.h']).toBe('// legacy header\n');
    const found = await compileOnB();
    expect(found.answer).toMatchObject({ status: 200 });
    expect(found.files).toEqual({ 'testlib.h': '// testlib v2\n', 'legacy.h': '// legacy header\n' });
  });
});
