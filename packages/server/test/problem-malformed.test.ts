import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { makeUser, problemPayload } from './problem-helpers.js';

// Garbage sent to every problem, tag and file call: always a 4xx with a message, never a 500.
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'fuzzadmin', Role.ROOT);
  await t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: admin.headers, payload: problemPayload({ problemId: 'F1' }) });
});
afterAll(async () => { await t?.close(); });

const junk: unknown[] = [
  null, 'text', 42, [], {}, { problem: null }, { problem: 'x' }, { problem: { problemId: {} } }, { problem: { timeLimit: 'fast' } },
  { pid: 'abc' }, { pid: -1 }, { pid: 1e20 }, { pidList: 'x' }, { pidList: [null] }, { name: ['a'] }, { id: '1; DROP TABLE problem' },
  { ...problemPayload({ problemId: 'F2' }), samples: 'all' }, { ...problemPayload({ problemId: 'F3' }), tags: [{ id: 'x' }] },
  { ...problemPayload({ problemId: 'F4' }), tags: [123456] }, { ...problemPayload({ problemId: 'F5' }), uploadTestcaseDir: '../../etc' },
  { ...problemPayload({ problemId: 'F6' }), isUploadTestCase: true, uploadTestcaseDir: 'f'.repeat(32), samples: [{ input: '1.in', output: '1.out' }] },
  { ...problemPayload({ problemId: 'F7', userExtraFile: '{not json' }) }, { ...problemPayload({ problemId: 'F8', examples: 5 }) },
];
const queries = ['', '?pid=', '?pid=abc', '?pid=0', '?pid=999999', '?problemId=', `?problemId=${'x'.repeat(300)}`, '?currentPage=-5', '?limit=100000',
  '?tagId=abc', '?tagId=[1,', '?difficulty=hard', '?keyword=%25%27%22', '?oj=' + 'Z'.repeat(40), '?pidList=1,x', '?fileId=abc', '?id=-3', '?name='];

const routes: [string, string][] = [
  ['GET', '/api/get-problem-list'], ['GET', '/api/get-problem-detail'], ['GET', '/api/get-random-problem'], ['GET', '/api/get-all-problem-tags'],
  ['GET', '/api/get-problem-tags-and-classification'], ['POST', '/api/get-user-problem-status'], ['GET', '/api/get-problem-code-template'],
  ['GET', '/api/get-problem-annex'], ['GET', '/api/download-problem-annex'],
  ['GET', '/api/admin/problem/get-problem-list'], ['GET', '/api/admin/problem'], ['POST', '/api/admin/problem'], ['PUT', '/api/admin/problem'],
  ['DELETE', '/api/admin/problem'], ['PUT', '/api/admin/problem/change-problem-auth'], ['GET', '/api/admin/problem/get-problem-cases'],
  ['POST', '/api/admin/problem/compile-spj'], ['POST', '/api/admin/problem/compile-interactive'],
  ['GET', '/api/admin/tag'], ['POST', '/api/admin/tag'], ['PUT', '/api/admin/tag'], ['DELETE', '/api/admin/tag'],
  ['GET', '/api/admin/tag/classification'], ['POST', '/api/admin/tag/classification'], ['PUT', '/api/admin/tag/classification'], ['DELETE', '/api/admin/tag/classification'],
  ['POST', '/api/file/upload-testcase-zip'], ['GET', '/api/file/download-testcase'], ['POST', '/api/file/upload-md-img'], ['GET', '/api/file/delete-md-img'],
  ['GET', '/api/file/export-problem'], ['POST', '/api/file/import-problem'], ['POST', '/api/file/import-hoj-problem'], ['POST', '/api/file/import-qdoj-problem'],
  ['POST', '/api/file/import-fps-problem'], ['POST', '/api/file/import-hydro-problem'],
];

describe('malformed requests to problem calls', () => {
  it('never answer 500', async () => {
    const failures: string[] = [];
    for (const [method, url] of routes) {
      const attempts: { url: string; payload?: unknown; ct?: string }[] = queries.map((q) => ({ url: url + q }));
      if (method !== 'GET' && method !== 'DELETE') {
        for (const body of junk) attempts.push({ url, payload: body });
        attempts.push({ url, payload: '{"broken', ct: 'application/json' }, { url, payload: 'a=1', ct: 'application/x-www-form-urlencoded' },
          { url, payload: '--x\r\n\r\n', ct: 'multipart/form-data; boundary=x' });
      }
      for (const a of attempts) {
        const headers: Record<string, string> = { ...admin.headers, 'accept-language': 'en-US' };
        if (a.ct) headers['content-type'] = a.ct;
        const res = await t.app.inject({ method: method as 'GET', url: a.url, headers, payload: a.ct ? (a.payload as string) : (a.payload as object) });
        const body = res.json() as { status: number; msg: string };
        if (res.statusCode >= 500 && res.statusCode !== 503) failures.push(`${method} ${a.url} ${JSON.stringify(a.payload)} -> ${res.statusCode} ${body.msg}`);
        else if (res.statusCode >= 400 && !body.msg) failures.push(`${method} ${a.url} -> ${res.statusCode} without a message`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
