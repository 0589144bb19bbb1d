import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { Role, call, problem, user, type CUser } from './contest-fixtures.js';
import { addToTraining, category, rejudge, training, verdict } from './training-fixtures.js';

/**
 * Trainings (spec 02, spec 03 §5): private-training password rules, progress from real verdict
 * events (AC, rejudge, a problem leaving the training), the training rank, and bad input.
 */
let t: TestApp;
let admin: CUser, other: CUser, uma: CUser, vic: CUser, wes: CUser;
let cat1: number;
let tid: number;
const p: Record<string, number> = {};

const detail = async (as: CUser) => (await call(t, 'GET', '/get-training-detail', { as, query: { tid } })).data;
const rankTable = async (as: CUser, query: Record<string, unknown> = {}) => {
  const res = await call(t, 'GET', '/get-training-rank', { as, query: { tid, ...query } });
  expect(res.code, res.msg).toBe(200);
  return res.data.records.map((r: any) => [r.rank, r.username, r.ac, r.totalRunTime]);
};
const count = async (table: 'training' | 'training_problem' | 'training_category' | 'training_register') =>
  Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestApp();
  admin = await user(t, 'coach', Role.ADMIN);
  other = await user(t, 'coach2', Role.PROBLEM_ADMIN);
  uma = await user(t, 'uma', Role.DEFAULT_USER, { realname: 'Uma Real' });
  vic = await user(t, 'vic');
  wes = await user(t, 'wes');
  for (const d of ['A', 'B', 'C']) p[d] = await problem(t, `T${d}`);
  p.H = await problem(t, 'TH', { auth: 2 });
  cat1 = await category(t, admin, 'Basics', '#19be6b');
});
afterAll(async () => t?.close());

describe('admin form rules (spec 03 §5, in order)', () => {
  const create = (form: Record<string, unknown>, trainingCategory: unknown, lang = 'en-US') => call(t, 'POST', '/admin/training', {
    as: admin, lang, body: { training: { rank: 1000, title: 'T', description: 'D', auth: 'Public', ...form }, trainingCategory },
  });

  it('checks rank, title, description, category, then the password of a private training; nothing is saved', async () => {
    expect((await create({ rank: '' }, { id: cat1 })).msg).toMatch(/rank is required/);
    expect((await create({ rank: 'x', title: '' }, { id: cat1 })).msg).toMatch(/rank is required/);
    expect((await create({ title: ' ' }, { id: cat1 })).msg).toBe('Training title is required');
    expect((await create({ description: '' }, null)).msg).toBe('Training description is required');
    const noCat = await create({}, null);
    expect(noCat.code).toBe(400);
    expect(noCat.msg).toBe('Training category is required');
    expect((await create({}, null, 'zh-CN')).msg).toBe('训练分类不能为空');
    expect((await create({}, { id: 9999 })).code).toBe(404);
    expect((await create({ auth: 'Private', privatePwd: ' ' }, { id: cat1 })).msg).toBe('The password is required when the training is not public');
    expect(await count('training')).toBe(0);
  });

  it('creates a private training with three public problems; refuses a problem twice or a private one', async () => {
    tid = await training(t, admin, cat1, { auth: 'Private', privatePwd: 'secret', title: 'Camp day 1' });
    for (const d of ['A', 'B', 'C']) await addToTraining(t, admin, tid, p[d]);
    const twice = await call(t, 'POST', '/admin/training/add-problem-from-public', { as: admin, body: { tid, pid: p.A } });
    expect(twice.code).toBe(400);
    expect(twice.msg).toMatch(/already in this training/);
    expect((await call(t, 'POST', '/admin/training/add-problem-from-public', { as: admin, body: { tid, pid: p.H } })).msg)
      .toBe('Only public problems can be added to a training');
    expect(await count('training_problem')).toBe(3);
    // Another admin-area user may not edit someone else's training.
    expect((await call(t, 'GET', '/admin/training', { as: other, query: { tid } })).code).toBe(403);
    const got = await call(t, 'GET', '/admin/training', { as: admin, query: { tid } });
    expect(got.data).toMatchObject({ training: { title: 'Camp day 1', auth: 'Private', privatePwd: 'secret' }, trainingCategory: { id: cat1, name: 'Basics' } });
  });

  it('lists trainings with category colour, problem count and filters', async () => {
    const res = await call(t, 'GET', '/get-training-list', { query: { categoryId: cat1, auth: 'Private', keyword: 'camp' } });
    expect(res.data.total).toBe(1);
    expect(res.data.records[0]).toMatchObject({ title: 'Camp day 1', categoryName: 'Basics', categoryColor: '#19be6b', problemCount: 3, acCount: 0, author: 'coach' });
    expect((await call(t, 'GET', '/get-training-list', { query: { auth: 'Public' } })).data.total).toBe(0);
    expect((await call(t, 'GET', '/get-training-list', { query: { keyword: 'z'.repeat(10_000) } })).code).toBe(400);
  });
});

describe('private training password', () => {
  it('shuts the problems, the rank and submissions until the password is given', async () => {
    expect((await call(t, 'GET', '/get-training-access', { as: uma, query: { tid } })).data).toEqual({ access: false });
    const list = await call(t, 'GET', '/get-training-problem-list', { as: uma, query: { tid } });
    expect(list.code).toBe(403);
    expect(list.msg).toMatch(/enter its password first/);
    expect((await call(t, 'GET', '/get-training-rank', { as: uma, query: { tid } })).code).toBe(403);
    const sub = await call(t, 'POST', '/submit-problem-judge', { as: uma, body: { pid: 'TA', tid, language: 'C++', code: 'int main(){}' } });
    expect(sub.code).toBe(403);
    expect((await call(t, 'GET', '/get-training-detail', { query: { tid } })).code).toBe(401);
  });

  it('refuses an empty or wrong password in both languages, then lets the right one in once', async () => {
    const empty = await call(t, 'POST', '/register-training', { as: uma, body: { tid, password: '  ' } });
    expect([empty.code, empty.msg]).toEqual([400, 'Enter the training password']);
    const wrong = await call(t, 'POST', '/register-training', { as: uma, body: { tid, password: 'nope' }, lang: 'zh-CN' });
    expect([wrong.code, wrong.msg]).toEqual([400, '训练密码错误']);
    expect(await count('training_register')).toBe(0);
    expect((await call(t, 'POST', '/register-training', { as: uma, body: { tid, password: 'secret' } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-training-access', { as: uma, query: { tid } })).data).toEqual({ access: true });
    // Asked once: entering again is harmless whatever is typed.
    expect((await call(t, 'POST', '/register-training', { as: uma, body: { tid, password: 'whatever' } })).code).toBe(200);
    expect(await count('training_register')).toBe(1);
  });

  it('slows a user down after five wrong passwords (one try per 30 s), without locking the right one out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 5; i++) expect((await call(t, 'POST', '/register-training', { as: wes, body: { tid, password: `g${i}` } })).code).toBe(400);
      const sixth = await call(t, 'POST', '/register-training', { as: wes, body: { tid, password: 'g5' } });
      expect(sixth.code).toBe(429);
      const right = await call(t, 'POST', '/register-training', { as: wes, body: { tid, password: 'secret' } });
      expect(right.code).toBe(429);
      expect(right.msg).toMatch(/Too many wrong passwords, please try again in \d+ seconds/);
      // 30 s later a try is let through again (checked, so a wrong one says "wrong", not "wait").
      vi.setSystemTime(Date.now() + 31_000);
      expect((await call(t, 'POST', '/register-training', { as: wes, body: { tid, password: 'g6' } })).code).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('progress and the training rank', () => {
  it('a problem outside the training cannot be submitted inside it', async () => {
    await problem(t, 'TX');
    const res = await call(t, 'POST', '/submit-problem-judge', { as: uma, body: { pid: 'TX', tid, language: 'C++', code: 'int main(){}' } });
    expect([res.code, res.msg]).toEqual([400, 'The problem is not in this training']);
  });

  it('counts real verdicts: AC, wrong answers, problems solved before joining', async () => {
    await verdict(t, { u: uma, pid: p.A, status: S.ACCEPTED, tid, time: 30 });
    await verdict(t, { u: uma, pid: p.B, status: S.WRONG_ANSWER, tid, time: 5 });
    // vic solved C before entering; entering brings it in.
    await verdict(t, { u: vic, pid: p.C, status: S.ACCEPTED, time: 50 });
    expect((await call(t, 'POST', '/register-training', { as: vic, body: { tid, password: 'secret' } })).code).toBe(200);
    await verdict(t, { u: vic, pid: p.A, status: S.ACCEPTED, tid, time: 20 });
    await verdict(t, { u: vic, pid: p.A, status: S.ACCEPTED, tid, time: 15 });

    expect((await detail(uma)).acCount).toBe(1);
    expect((await detail(vic)).acCount).toBe(2);
    // vic: A (fastest 15 ms) + C (50 ms) = 65 ms; uma: A 30 ms.
    expect(await rankTable(uma)).toEqual([[1, 'vic', 2, 65], [2, 'uma', 1, 30]]);
    const rows = (await call(t, 'GET', '/get-training-rank', { as: uma, query: { tid } })).data.records;
    expect(rows[1].submissionInfo).toEqual({ TA: { status: 0, runTime: 30, isAC: true }, TB: { status: -1, runTime: null, isAC: false } });
    expect(rows[1].realname).toBeNull();
    // The training admin sees real names.
    const asAdmin = (await call(t, 'GET', '/get-training-rank', { as: admin, query: { tid } })).data.records;
    expect(asAdmin[1].realname).toBe('Uma Real');
    const list = (await call(t, 'GET', '/get-training-problem-list', { as: uma, query: { tid } })).data;
    expect(list.map((x: any) => [x.problemId, x.myStatus, x.ac, x.total])).toEqual([['TA', 0, 3, 3], ['TB', -1, 0, 1], ['TC', -10, 1, 1]]);
    const strip = (await call(t, 'GET', '/get-full-screen-problem-list', { as: uma, query: { tid } })).data;
    expect(strip.map((x: any) => [x.problemId, x.status])).toEqual([['TA', 0], ['TB', -1], ['TC', -10]]);
  });

  it('the user home lists the trainings a user progressed in', async () => {
    const res = await call(t, 'GET', '/get-user-trainings', { query: { uid: vic.uid } });
    expect(res.data).toEqual([{ tid, title: 'Camp day 1', auth: 'Private', acCount: 2, problemCount: 3 }]);
    expect((await call(t, 'GET', '/get-user-trainings', { query: { uid: wes.uid } })).data).toEqual([]);
  });

  it('searches the rank and pages past the end give an empty page', async () => {
    expect(await rankTable(uma, { keyword: 'um' })).toEqual([[2, 'uma', 1, 30]]);
    const past = await call(t, 'GET', '/get-training-rank', { as: uma, query: { tid, currentPage: 5 } });
    expect(past.data).toMatchObject({ records: [], total: 2 });
    expect((await call(t, 'GET', '/get-training-rank', { as: uma, query: { tid, keyword: 'k'.repeat(10_000) } })).code).toBe(400);
  });

  it('a rejudge takes an AC away until its new verdict lands', async () => {
    const subs = await t.ctx.db.selectFrom('submission').select('id').where('uid', '=', vic.uid).where('pid', '=', p.A).execute();
    for (const s of subs) await rejudge(t, s.id);
    expect(await rankTable(uma)).toEqual([[1, 'uma', 1, 30], [2, 'vic', 1, 50]]);
    expect((await detail(vic)).acCount).toBe(1);
  });

  it('removing a problem from the training takes it out of progress and rank', async () => {
    const res = await call(t, 'DELETE', '/admin/training/problem', { as: admin, query: { tid, pid: p.A } });
    expect(res.code).toBe(200);
    expect((await detail(uma)).acCount).toBe(0);
    expect((await detail(uma)).problemCount).toBe(2);
    expect(await rankTable(uma)).toEqual([[1, 'vic', 1, 50], [2, 'uma', 0, 0]]);
    // Put back: the existing verdicts count again.
    await addToTraining(t, admin, tid, p.A);
    expect(await rankTable(uma)).toEqual([[1, 'uma', 1, 30], [2, 'vic', 1, 50]]);
  });

  it('a problem inside a training cannot be deleted; a category in use cannot either', async () => {
    const del = await call(t, 'DELETE', '/admin/problem', { as: admin, query: { pid: p.B } });
    expect([del.code, del.msg]).toEqual([400, `The problem is used by training ${tid}: remove it from the training first`]);
    expect((await call(t, 'DELETE', '/admin/training/category', { as: admin, query: { cid: cat1 } })).msg).toMatch(/used by 1 trainings/);
    const dup = await call(t, 'POST', '/admin/training/category', { as: admin, body: { name: 'Basics' } });
    expect([dup.code, dup.msg]).toEqual([400, 'The category Basics already exists']);
    expect((await call(t, 'POST', '/admin/training/category', { as: admin, body: { name: ' ' } })).code).toBe(400);
    expect(await count('training_category')).toBe(1);
  });

  it('a new password asks everyone again; hidden trainings vanish for users', async () => {
    const body = { training: { id: tid, rank: 5, title: 'Camp day 1', description: 'D', auth: 'Private', privatePwd: 'new-secret' }, trainingCategory: { id: cat1 } };
    expect((await call(t, 'PUT', '/admin/training', { as: admin, body })).code).toBe(200);
    expect((await call(t, 'GET', '/get-training-access', { as: uma, query: { tid } })).data).toEqual({ access: false });
    expect((await call(t, 'PUT', '/admin/training/change-training-status', { as: admin, query: { tid, status: false, author: 'coach' } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-training-detail', { as: uma, query: { tid } })).code).toBe(404);
    expect((await call(t, 'GET', '/get-training-list', {})).data.total).toBe(0);
  });

  it('deleting the training removes its problems, registrations and rank', async () => {
    expect((await call(t, 'DELETE', '/admin/training', { as: admin, query: { tid } })).code).toBe(200);
    expect(await count('training_problem')).toBe(0);
    expect(await count('training_register')).toBe(0);
    const left = await t.ctx.db.selectFrom('training_participant').selectAll().execute();
    expect(left).toEqual([]);
  });
});
