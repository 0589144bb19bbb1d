import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { Role, call, problem, user, type CUser } from './contest-fixtures.js';
import { addToTraining, category, rejudge, training, verdict } from './training-fixtures.js';
import { problemPayload } from './problem-helpers.js';
import { expectPackedAnswer } from './packed-fixtures.js';
import { TrainingRanks } from '../src/modules/training/rank.js';
import { getTraining } from '../src/modules/training/repo.js';
import { problemRemoved } from '../src/modules/training/progress.js';

/**
 * The training rank kept incrementally (issue 13): every server holds a sorted copy and moves
 * only the participants changed since its copy's version. Pinned by hand-computed tables, seen by
 * this server (HTTP) and by a second copy standing for another server process.
 */
let t: TestApp;
let coach: CUser, ann: CUser, bob: CUser, cyd: CUser, dee: CUser;
let tid: number;
let cat: number;
const p: Record<string, number> = {};

const rankTable = async (query: Record<string, unknown> = {}) => {
  const res = await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid, ...query } });
  expect(res.code, res.msg).toBe(200);
  return res.data.records.map((r: any) => [r.rank, r.username, r.ac, r.totalRunTime]);
};
/** The same page as another server sees it from its own copy. */
const otherTable = async (other: TrainingRanks) =>
  (await other.page(await getTraining(t.ctx.db, tid), { tid, currentPage: 1, limit: 30 }, false)).records.map((r) => [r.rank, r.username, r.ac, r.totalRunTime]);

beforeAll(async () => {
  t = await createTestApp();
  coach = await user(t, 'rcoach', Role.ADMIN);
  // One after another: equal rows are listed by account id.
  ann = await user(t, 'ann');
  bob = await user(t, 'bob', Role.DEFAULT_USER, { nickname: 'Bobby', realname: 'Bob Real' });
  cyd = await user(t, 'cyd');
  dee = await user(t, 'dee');
  for (const d of ['A', 'B', 'C']) p[d] = await problem(t, `R${d}`);
  cat = await category(t, coach, 'Ranks');
  tid = await training(t, coach, cat, { title: 'Rank camp' });
  for (const d of ['A', 'B']) await addToTraining(t, coach, tid, p[d]);
});
afterAll(async () => t?.close());

describe('training rank kept incrementally', () => {
  it('moves participants as verdicts land, with shared positions for equal rows', async () => {
    await verdict(t, { u: ann, pid: p.A, status: S.ACCEPTED, tid, time: 40 });
    await verdict(t, { u: bob, pid: p.A, status: S.WRONG_ANSWER, tid, time: 5 });
    await verdict(t, { u: cyd, pid: p.B, status: S.ACCEPTED, tid, time: 40 });
    // ann and cyd: 1 solved in 40 ms each (shared position 1); bob: nothing solved.
    expect(await rankTable()).toEqual([[1, 'ann', 1, 40], [1, 'cyd', 1, 40], [3, 'bob', 0, 0]]);
    // bob solves A (25 ms) then B faster after a slower AC: the fastest accepted run counts.
    await verdict(t, { u: bob, pid: p.A, status: S.ACCEPTED, tid, time: 25 });
    await verdict(t, { u: bob, pid: p.B, status: S.ACCEPTED, tid, time: 30 });
    await verdict(t, { u: bob, pid: p.B, status: S.ACCEPTED, tid, time: 10 });
    // A wrong answer after an AC changes nothing.
    await verdict(t, { u: ann, pid: p.A, status: S.WRONG_ANSWER, tid, time: 1 });
    expect(await rankTable()).toEqual([[1, 'bob', 2, 35], [2, 'ann', 1, 40], [2, 'cyd', 1, 40]]);
    const bobRow = (await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid } })).data.records[0];
    expect(bobRow.submissionInfo).toEqual({ RA: { status: 0, runTime: 25, isAC: true }, RB: { status: 0, runTime: 10, isAC: true } });
  });

  it('another server catches up from the version: verdicts, a rejudge, a new participant, a problem added and removed', async () => {
    const other = new TrainingRanks(t.ctx);
    expect(await otherTable(other)).toEqual([[1, 'bob', 2, 35], [2, 'ann', 1, 40], [2, 'cyd', 1, 40]]);
    // ann solves B: ann 2 solved in 40 + 20 = 60 ms.
    const id = await verdict(t, { u: ann, pid: p.B, status: S.ACCEPTED, tid, time: 20 });
    expect(await otherTable(other)).toEqual([[1, 'bob', 2, 35], [2, 'ann', 2, 60], [3, 'cyd', 1, 40]]);
    await rejudge(t, id);
    expect(await otherTable(other)).toEqual([[1, 'bob', 2, 35], [2, 'ann', 1, 40], [2, 'cyd', 1, 40]]);
    // dee solved C outside the training; C joins the training, then dee's first training verdict.
    await verdict(t, { u: dee, pid: p.C, status: S.ACCEPTED, time: 5 });
    await addToTraining(t, coach, tid, p.C);
    await verdict(t, { u: dee, pid: p.A, status: S.ACCEPTED, tid, time: 5 });
    expect(await otherTable(other)).toEqual([[1, 'dee', 2, 10], [2, 'bob', 2, 35], [3, 'ann', 1, 40], [3, 'cyd', 1, 40]]);
    // A leaves the training: everyone loses it.
    expect((await call(t, 'DELETE', '/admin/training/problem', { as: coach, query: { tid, pid: p.A } })).code).toBe(200);
    expect(await otherTable(other)).toEqual([[1, 'dee', 1, 5], [2, 'bob', 1, 10], [3, 'cyd', 1, 40], [4, 'ann', 0, 0]]);
    expect(await rankTable()).toEqual(await otherTable(other));
    // The totals kept by differences equal a count from scratch.
    const rows = await t.ctx.db.selectFrom('training_participant').select(['uid', 'ac', 'total_run_time']).where('tid', '=', tid).execute();
    for (const r of rows) {
      const cells = await t.ctx.db.selectFrom('training_rank_cell').select(['ac', 'run_time']).where('tid', '=', tid).where('uid', '=', r.uid).where('ac', '=', 1).execute();
      expect([Number(r.ac), Number(r.total_run_time)]).toEqual([cells.length, cells.reduce((s, c) => s + Number(c.run_time), 0)]);
    }
  });

  it('sends the page brotli- or gzip-compressed to clients that accept it, the same JSON as uncompressed', async () => {
    // Pages of 1 KB and more are compressed (like every JSON answer): eight more participants who tried B.
    for (let i = 0; i < 8; i++) await verdict(t, { u: await user(t, `zed${i}`), pid: p.B, status: S.WRONG_ANSWER, tid });
    const get = (enc?: string) => t.app.inject({ url: `/api/get-training-rank?tid=${tid}`, headers: { authorization: ann.token, ...(enc ? { 'accept-encoding': enc } : {}) } });
    const body = await expectPackedAnswer(get);
    expect(body.data.records.map((r: any) => r.username).slice(0, 4)).toEqual(['dee', 'bob', 'cyd', 'ann']);
    expect(body.data.total).toBe(12);
  });

  it('a search shows real positions; a page past the end is empty with the total', async () => {
    expect(await rankTable({ keyword: 'CYD' })).toEqual([[3, 'cyd', 1, 40]]);
    const past = await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid, currentPage: 7, limit: 2 } });
    expect(past.data).toMatchObject({ records: [], total: 12, current: 7, size: 2 });
  });

  it('shows the name the training asks for: username, nickname or real name', async () => {
    const showAs = async (rankShowName: string) => {
      const body = { training: { id: tid, rank: 1000, title: 'Rank camp', description: 'Work through these', auth: 'Public', rankShowName }, trainingCategory: { id: cat } };
      expect((await call(t, 'PUT', '/admin/training', { as: coach, body })).code).toBe(200);
      const rows = (await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid } })).data.records;
      const row = (u: string) => rows.find((r: any) => r.username === u);
      return [row('bob').showName, row('bob').realname, row('ann').showName];
    };
    expect(await showAs('nickname')).toEqual(['Bobby', null, 'ann']);
    // Real names are shown to everyone when the training ranks by them (else to its admins only).
    expect(await showAs('realname')).toEqual(['Bob Real', 'Bob Real', 'ann']);
    expect(await showAs('username')).toEqual(['bob', null, 'ann']);
  });

  it('a problem made private leaves the totals and the columns, on every server; public again, it counts again', async () => {
    const other = new TrainingRanks(t.ctx);
    const top3 = async () => (await otherTable(other)).slice(0, 3);
    expect(await top3()).toEqual([[1, 'dee', 1, 5], [2, 'bob', 1, 10], [3, 'cyd', 1, 40]]);
    const auth = (a: number) => call(t, 'PUT', '/admin/problem/change-problem-auth', { as: coach, body: { pid: p.B, auth: a } });
    expect((await auth(2)).code).toBe(200);
    // Only dee's C still counts; the others share position 2 with nothing solved.
    expect(await top3()).toEqual([[1, 'dee', 1, 5], [2, 'ann', 0, 0], [2, 'bob', 0, 0]]);
    const bobRow = (await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid } })).data.records.find((r: any) => r.username === 'bob');
    expect(bobRow).toMatchObject({ ac: 0, totalRunTime: 0, submissionInfo: {} });
    // A verdict on the private problem changes nothing that counts.
    await verdict(t, { u: ann, pid: p.B, status: S.ACCEPTED, tid, time: 7 });
    expect(await top3()).toEqual([[1, 'dee', 1, 5], [2, 'ann', 0, 0], [2, 'bob', 0, 0]]);
    expect((await auth(1)).code).toBe(200);
    expect(await top3()).toEqual([[1, 'dee', 1, 5], [2, 'ann', 1, 7], [3, 'bob', 1, 10]]);
  });

  it('a profile edit shows within a minute, with no change of the rank; readers are served meanwhile', async () => {
    const nick = async () => (await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid } })).data.records.find((r: any) => r.username === 'bob').nickname;
    expect(await nick()).toBe('Bobby');
    await t.ctx.db.updateTable('user').set({ nickname: 'Bob the Builder' }).where('id', '=', bob.uid).execute();
    // The rank did not change: the page as built is still served.
    expect(await nick()).toBe('Bobby');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      // The first reader after the minute gets the page as it was (the fresh read runs behind it),
      // then the rebuilt page arrives.
      const seen: string[] = [];
      for (let i = 0; i < 20 && seen.at(-1) !== 'Bob the Builder'; i++) {
        seen.push(await nick());
        await new Promise((r) => setImmediate(r));
      }
      expect(seen[0]).toBe('Bobby');
      expect(seen.at(-1)).toBe('Bob the Builder');
    } finally {
      vi.useRealTimers();
    }
  });

  it('verdicts landing at once keep every total equal to a count from scratch (training and global)', async () => {
    const users = [ann, bob, cyd, dee];
    await Promise.all(Array.from({ length: 24 }, (_, i) => verdict(t, {
      u: users[i % 4], pid: [p.B, p.C][i % 2], tid, status: i % 3 === 0 ? S.ACCEPTED : S.WRONG_ANSWER, time: 50 - i,
    })));
    const parts = await t.ctx.db.selectFrom('training_participant').select(['uid', 'ac', 'total_run_time']).where('tid', '=', tid).execute();
    for (const r of parts) {
      const cells = await t.ctx.db.selectFrom('training_rank_cell').innerJoin('problem', 'problem.id', 'training_rank_cell.pid')
        .select(['training_rank_cell.run_time']).where('tid', '=', tid).where('uid', '=', r.uid).where('training_rank_cell.ac', '=', 1).where('problem.auth', '=', 1).execute();
      expect([r.uid, Number(r.ac), Number(r.total_run_time)]).toEqual([r.uid, cells.length, cells.reduce((n, c) => n + Number(c.run_time), 0)]);
    }
    const totals = await t.ctx.db.selectFrom('rank_user').select(['uid', 'ac', 'total', 'score']).execute();
    for (const r of totals) {
      const rows = await t.ctx.db.selectFrom('rank_user_problem').select(['ac', 'subs', 'best_oi']).where('uid', '=', r.uid).execute();
      const sum = (k: 'ac' | 'subs' | 'best_oi') => rows.reduce((n, x) => n + Number(x[k]), 0);
      expect([r.uid, Number(r.ac), Number(r.total), Number(r.score)]).toEqual([r.uid, sum('ac'), sum('subs'), sum('best_oi')]);
      const subs = await t.ctx.db.selectFrom('submission').innerJoin('problem', 'problem.id', 'submission.pid').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('submission.uid', '=', r.uid).where('submission.cid', '=', 0).where('problem.auth', '=', 1).where('submission.status', 'not in', [5, 6, 7, 9]).executeTakeFirstOrThrow();
      expect([r.uid, Number(r.total)]).toEqual([r.uid, Number(subs.n)]);
    }
  });
});

describe('one problem in several trainings', () => {
  /** Every participant's totals of a training against a count from scratch of their public, still-listed AC cells. */
  const totalsMatchCells = async (id: number) => {
    const parts = await t.ctx.db.selectFrom('training_participant').select(['uid', 'ac', 'total_run_time']).where('tid', '=', id).execute();
    for (const r of parts) {
      const cells = await t.ctx.db.selectFrom('training_rank_cell')
        .innerJoin('training_problem', (j) => j.onRef('training_problem.tid', '=', 'training_rank_cell.tid').onRef('training_problem.pid', '=', 'training_rank_cell.pid'))
        .innerJoin('problem', 'problem.id', 'training_rank_cell.pid')
        .select(['training_rank_cell.run_time']).where('training_rank_cell.tid', '=', id).where('training_rank_cell.uid', '=', r.uid)
        .where('training_rank_cell.ac', '=', 1).where('problem.auth', '=', 1).execute();
      expect([id, r.uid, Number(r.ac), Number(r.total_run_time)]).toEqual([id, r.uid, cells.length, cells.reduce((n, c) => n + Number(c.run_time), 0)]);
    }
    return parts.length;
  };

  it('one verdict moves the cell and totals of every training holding the problem; racing admin edits keep the totals exact', async () => {
    const gil = await user(t, 'gil');
    const hal = await user(t, 'hal');
    const d = await problem(t, 'RD');
    const e = await problem(t, 'RE');
    const one = await training(t, coach, cat, { title: 'Shared one' });
    const two = await training(t, coach, cat, { title: 'Shared two' });
    for (const id of [one, two]) {
      await addToTraining(t, coach, id, d);
      await addToTraining(t, coach, id, e);
    }
    // gil takes part in both (a submission inside each), then solves D once: both trainings move.
    await verdict(t, { u: gil, pid: e, status: S.WRONG_ANSWER, tid: one });
    await verdict(t, { u: gil, pid: e, status: S.WRONG_ANSWER, tid: two });
    await verdict(t, { u: gil, pid: d, status: S.ACCEPTED, time: 33 });
    for (const id of [one, two]) {
      const res = await call(t, 'GET', '/get-training-rank', { as: gil, query: { tid: id } });
      expect(res.data.records.map((r: any) => [r.username, r.ac, r.totalRunTime, r.submissionInfo.RD?.runTime])).toEqual([['gil', 1, 33, 33]]);
    }
    // Verdicts racing the removal and re-adding of E in one training: totals stay equal to the cells.
    await verdict(t, { u: hal, pid: e, status: S.WRONG_ANSWER, tid: one });
    await verdict(t, { u: hal, pid: d, status: S.WRONG_ANSWER, tid: two });
    const edits = (async () => {
      for (let i = 0; i < 3; i++) {
        expect((await call(t, 'DELETE', '/admin/training/problem', { as: coach, query: { tid: one, pid: e } })).code).toBe(200);
        await addToTraining(t, coach, one, e);
      }
    })();
    await Promise.all([edits, ...Array.from({ length: 16 }, (_, i) => verdict(t, {
      u: [gil, hal][i % 2], pid: [d, e][(i >> 1) % 2], status: i % 3 === 0 ? S.ACCEPTED : S.WRONG_ANSWER, time: 60 - i,
    }))]);
    expect(await totalsMatchCells(one)).toBe(2);
    expect(await totalsMatchCells(two)).toBe(2);
    // Every cell equals a recomputation from the submissions (E's was rebuilt by each re-add).
    for (const id of [one, two]) {
      const rows = await t.ctx.db.selectFrom('training_rank_cell').select(['uid', 'pid', 'ac']).where('tid', '=', id).execute();
      for (const r of rows) {
        const acs = await t.ctx.db.selectFrom('submission').select('id').where('uid', '=', r.uid).where('pid', '=', r.pid).where('cid', '=', 0)
          .where('status', '=', S.ACCEPTED).execute();
        expect([id, r.uid, r.pid, Number(r.ac)]).toEqual([id, r.uid, r.pid, acs.length ? 1 : 0]);
      }
    }
  });
});

describe('a process killed right after a verdict\'s commit', () => {
  it('the global rank and the training rank were committed with the verdict (manual judge, rejudge)', async () => {
    const jo = await user(t, 'jo');
    const root = await user(t, 'rootk', Role.ROOT);
    const g = await problem(t, 'RG');
    const four = await training(t, coach, cat, { title: 'Crash camp' });
    await addToTraining(t, coach, four, g);
    const sid = await verdict(t, { u: jo, pid: g, status: S.WRONG_ANSWER, tid: four, time: 12 });
    const judge = t.ctx.services.judge;
    const killed = () => { throw new Error('killed after commit'); };
    const state = async () => {
      const row = await t.ctx.db.selectFrom('rank_user_problem').select(['ac', 'subs']).where('uid', '=', jo.uid).where('pid', '=', g).executeTakeFirst();
      const part = await t.ctx.db.selectFrom('training_participant').select('ac').where('tid', '=', four).where('uid', '=', jo.uid).executeTakeFirstOrThrow();
      const cell = await t.ctx.db.selectFrom('training_rank_cell').select('status').where('tid', '=', four).where('uid', '=', jo.uid).where('pid', '=', g).executeTakeFirst();
      return { global: row ? [Number(row.ac), Number(row.subs)] : null, trainingAc: Number(part.ac), cell: cell?.status ?? null };
    };
    try {
      judge.crashAfterCommit = killed;
      const res = await call(t, 'GET', '/admin/judge/manual-judge', { as: root, query: { submitId: sid, status: S.ACCEPTED } });
      expect(res.code).toBe(500);
      expect(await state()).toEqual({ global: [1, 1], trainingAc: 1, cell: S.ACCEPTED });
      await expect(judge.rejudge(sid)).rejects.toThrow('killed after commit');
      // Pending again: the verdict no longer counts anywhere.
      expect(await state()).toEqual({ global: null, trainingAc: 0, cell: null });
    } finally {
      judge.crashAfterCommit = null;
    }
  });
});

describe('a verdict beside an admin edit of the training (PostgreSQL row locks)', () => {
  it.runIf(process.env.TEST_DB === 'postgres')('a verdict waiting on the edit counts the training\'s problems as the edit left them', async () => {
    const ivy = await user(t, 'ivy');
    const f = await problem(t, 'RF');
    const three = await training(t, coach, cat, { title: 'Locked camp' });
    await addToTraining(t, coach, three, f);
    await verdict(t, { u: ivy, pid: f, status: S.WRONG_ANSWER, tid: three });
    // An admin transaction holds the training's lock while it removes F; the verdict (an AC on F)
    // lands meanwhile and must wait, then see F gone: no cell, no AC added to the totals.
    let pending: Promise<unknown> = Promise.resolve();
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('training').set((eb) => ({ rank_ver: eb('rank_ver', '+', 1) })).where('id', '=', three).execute();
      pending = verdict(t, { u: ivy, pid: f, status: S.ACCEPTED, time: 20 });
      await new Promise((r) => setTimeout(r, 400));
      await trx.deleteFrom('training_problem').where('tid', '=', three).where('pid', '=', f).execute();
      await problemRemoved(trx, three, f);
    });
    await pending;
    // The verdict's transaction committed (the global rank took the AC).
    const row = await t.ctx.db.selectFrom('rank_user_problem').select('ac').where('uid', '=', ivy.uid).where('pid', '=', f).executeTakeFirst();
    expect(Number(row?.ac)).toBe(1);
    const part = await t.ctx.db.selectFrom('training_participant').select(['ac', 'total_run_time']).where('tid', '=', three).where('uid', '=', ivy.uid).executeTakeFirstOrThrow();
    expect([Number(part.ac), Number(part.total_run_time)]).toEqual([0, 0]);
    const cells = await t.ctx.db.selectFrom('training_rank_cell').select('pid').where('tid', '=', three).execute();
    expect(cells).toEqual([]);
  });
});

describe('the training\'s problems edited', () => {
  it('a new problem ID, a problem added or removed show at the next rank request of every server; order and display ID at the next list', async () => {
    const eve = await user(t, 'eve');
    const fay = await user(t, 'fay');
    // A problem saved through the admin form (its problem ID is edited there), in a training of its own.
    const save = await call(t, 'POST', '/admin/problem', { as: coach, body: problemPayload({ problemId: 'ED1', title: 'Edited' }) });
    expect(save.code, save.msg).toBe(200);
    const pid = save.data.pid as number;
    const tid2 = await training(t, coach, cat, { title: 'Edits' });
    await addToTraining(t, coach, tid2, pid);
    await addToTraining(t, coach, tid2, p.A);
    await verdict(t, { u: eve, pid, status: S.ACCEPTED, tid: tid2, time: 9 });
    await verdict(t, { u: fay, pid: p.A, status: S.ACCEPTED, tid: tid2, time: 9 });
    // The problems each row has cells on, as this server (HTTP) and another server's copy show them.
    const other = new TrainingRanks(t.ctx);
    const cellsOf = (records: { username: string; submissionInfo: Record<string, unknown> }[]) =>
      Object.fromEntries(records.map((r) => [r.username, Object.keys(r.submissionInfo).sort()]));
    const seen = async () => {
      const res = await call(t, 'GET', '/get-training-rank', { as: ann, query: { tid: tid2 } });
      expect(res.code, res.msg).toBe(200);
      const mine = cellsOf(res.data.records);
      expect(cellsOf((await other.page(await other.training(tid2), { tid: tid2, currentPage: 1, limit: 30 }, false)).records)).toEqual(mine);
      return mine;
    };
    const list = async () => (await call(t, 'GET', '/get-training-problem-list', { as: ann, query: { tid: tid2 } })).data.map((x: any) => x.problemId);
    expect(await seen()).toEqual({ eve: ['ED1'], fay: ['RA'] });
    expect(await list()).toEqual(['ED1', 'RA']);

    // The problem ID edited in the problem form: the rank's cells follow at once (the problem list,
    // which the rank's columns come from, already does).
    const edit = await call(t, 'PUT', '/admin/problem', { as: coach, body: problemPayload({ id: pid, problemId: 'ED2', title: 'Edited' }) });
    expect(edit.code, edit.msg).toBe(200);
    expect(await list()).toEqual(['ED2', 'RA']);
    expect(await seen()).toEqual({ eve: ['ED2'], fay: ['RA'] });

    // Order and display ID (the training's own row for the problem): the lists show them at once.
    // The rank keys its cells by the problem ID, as both clients read them from the problem list.
    const admin = async () => (await call(t, 'GET', '/admin/training/get-problem-list', { as: coach, query: { tid: tid2, queryExisted: true } })).data;
    const before = await admin();
    expect(before.problemList.records.map((x: any) => x.problemId)).toEqual(['ED2', 'RA']);
    const tpA = before.trainingProblemMap[p.A];
    const reorder = await call(t, 'PUT', '/admin/training/problem', { as: coach, body: { id: tpA.id, tid: tid2, pid: p.A, rank: 0, displayId: 'A1' } });
    expect(reorder.code, reorder.msg).toBe(200);
    const after = await admin();
    expect(after.problemList.records.map((x: any) => x.problemId)).toEqual(['RA', 'ED2']);
    expect(after.trainingProblemMap[p.A]).toMatchObject({ displayId: 'A1', rank: 0 });
    expect(await list()).toEqual(['RA', 'ED2']);
    expect(await seen()).toEqual({ eve: ['ED2'], fay: ['RA'] });

    // A problem removed, another added: every row follows at once.
    expect((await call(t, 'DELETE', '/admin/training/problem', { as: coach, query: { tid: tid2, pid: p.A } })).code).toBe(200);
    expect(await seen()).toEqual({ eve: ['ED2'], fay: [] });
    await addToTraining(t, coach, tid2, p.C);
    await verdict(t, { u: fay, pid: p.C, status: S.WRONG_ANSWER, tid: tid2, time: 9 });
    expect(await seen()).toEqual({ eve: ['ED2'], fay: ['RC'] });
    expect(await list()).toEqual(['ED2', 'RC']);
  });
});
