import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, problemPayload } from './problem-helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'tagger', Role.PROBLEM_ADMIN);
});
afterAll(async () => { await t?.close(); });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...admin.headers, ...en }, payload });

describe('tags and tag classifications', () => {
  it('creates classifications and tags, lists them grouped per oj, and refuses duplicates', async () => {
    const algo = (await call('POST', '/api/admin/tag/classification', { name: 'Algorithms', oj: 'ME', rank: 1 })).json().data;
    const ds = (await call('POST', '/api/admin/tag/classification', { name: 'Data structures', oj: 'ME', rank: 2 })).json().data;
    expect((await call('POST', '/api/admin/tag/classification', { name: 'Algorithms', oj: 'ME' })).json().msg).toBe('The tag classification Algorithms already exists');
    const dp = (await call('POST', '/api/admin/tag', { name: 'DP', color: '#409eff', oj: 'ME', classificationId: algo.id })).json().data;
    await call('POST', '/api/admin/tag', { name: 'Segment tree', oj: 'ME', classificationId: ds.id });
    await call('POST', '/api/admin/tag', { name: 'Loose', oj: 'ME' });
    await call('POST', '/api/admin/tag', { name: 'Greedy', oj: 'CF' });
    expect((await call('POST', '/api/admin/tag', { name: 'DP', oj: 'ME' })).json().msg).toBe('The tag DP already exists');
    expect((await call('POST', '/api/admin/tag', { name: '', oj: 'ME' })).json().msg).toBe('The name is required');
    expect((await call('POST', '/api/admin/tag', { name: 'X', oj: 'ME', classificationId: 99999 })).json().msg).toBe('The tag classification does not exist');
    expect(dp).toMatchObject({ name: 'DP', color: '#409eff', classificationId: algo.id });

    const grouped = (await t.app.inject({ method: 'GET', url: '/api/get-problem-tags-and-classification?oj=ME' })).json().data;
    expect(grouped.map((g: { classification: { name: string } | null; tagList: { name: string }[] }) => [g.classification?.name ?? null, g.tagList.map((x) => x.name)]))
      .toEqual([['Algorithms', ['DP']], ['Data structures', ['Segment tree']], [null, ['Loose']]]);
    const cf = (await t.app.inject({ method: 'GET', url: '/api/get-all-problem-tags?oj=CF' })).json().data;
    expect(cf.map((x: { name: string }) => x.name)).toEqual(['Greedy']);
  });

  it('renames a tag, deleting a classification keeps its tags, deleting a tag detaches it from problems', async () => {
    const tags = (await call('GET', '/api/admin/tag?oj=ME')).json().data as { classification: { id: number } | null; tagList: { id: number; name: string }[] }[];
    const dp = tags.flatMap((g) => g.tagList).find((x) => x.name === 'DP')!;
    expect((await call('PUT', '/api/admin/tag', { id: dp.id, name: 'Dynamic programming', oj: 'ME' })).statusCode).toBe(200);
    const created = await call('POST', '/api/admin/problem', problemPayload({ problemId: 'T1' }, { tags: [dp.id, { name: 'brand new' }] }));
    const pid = created.json().data.pid;
    const detail = (await t.app.inject({ method: 'GET', url: '/api/get-problem-detail?problemId=T1' })).json().data;
    expect(detail.tags.map((x: { name: string }) => x.name).sort()).toEqual(['Dynamic programming', 'brand new']);

    const algo = tags.find((g) => g.tagList.some((x) => x.id === dp.id))!.classification!;
    expect((await call('DELETE', `/api/admin/tag/classification?id=${algo.id}`)).statusCode).toBe(200);
    const after = (await call('GET', '/api/admin/tag?oj=ME')).json().data as { classification: unknown; tagList: { name: string }[] }[];
    expect(after.at(-1)!.classification).toBeNull();
    expect(after.at(-1)!.tagList.map((x) => x.name)).toContain('Dynamic programming');

    expect((await call('DELETE', `/api/admin/tag?id=${dp.id}`)).statusCode).toBe(200);
    const view = await editorView(t, pid, admin.headers);
    expect(view.tags.map((x: { name: string }) => x.name)).toEqual(['brand new']);
  });

  it('is closed to plain users', async () => {
    const plain = await makeUser(t, 'nobody');
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/tag', headers: plain.headers, payload: { name: 'x', oj: 'ME' } });
    expect(res.statusCode).toBe(403);
  });
});
