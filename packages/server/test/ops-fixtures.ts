import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { SiteLocation } from '../src/ops/site.js';
import type { TestApp } from './helpers.js';
import { Role, addProblem, call, contest, judged, type CUser } from './contest-fixtures.js';
import { forumCalls, forumCast } from './forum-fixtures.js';
import { makeGroup, seat } from './group-fixtures.js';
import { makeProblem } from './judge-fixtures.js';
import { addToTraining, category, training, verdict } from './training-fixtures.js';

/**
 * Fixtures of the operations tests: empty sites to restore or move into (a temp DATA_DIR, and a
 * new PostgreSQL database when asked), a seeded site with something of every domain, and the API
 * pages two copies of a site must answer alike.
 */
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';

export interface EmptySite { site: SiteLocation; drop: () => Promise<void> }

async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new, empty PostgreSQL database (verdict_ops_<random>) and a function dropping it. */
export async function emptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `verdict_ops_${crypto.randomBytes(5).toString('hex')}`;
  await pgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) };
}

/** An empty site of the kind under test (TEST_DB), or of `kind`. */
export async function emptySite(kind: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'): Promise<EmptySite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-ops-'));
  const pgDb = kind === 'postgres' ? await emptyPostgres() : null;
  return {
    site: { dataDir, databaseUrl: pgDb?.url },
    drop: async () => {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const siteOf = (t: TestApp): SiteLocation => ({ dataDir: t.dataDir, databaseUrl: t.ctx.config.databaseUrl });

/** A server on a restored or moved site (no local judge). */
export async function serve(site: SiteLocation) {
  const config = loadConfig({ DATA_DIR: site.dataDir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'warn' }, { databaseUrl: site.databaseUrl });
  const built = await buildApp(config, { logger: false });
  await built.app.ready();
  return { ...built, dataDir: site.dataDir, close: () => built.app.close() } as unknown as TestApp;
}

export interface Seeded { root: CUser; ann: CUser; ben: CUser; cid: number; tid: number; gid: number; did: number; pids: number[] }

/** Users, problems with test data, a contest with judged submissions, a training, a group, forum posts with replies (messages), an uploaded file. */
export async function seedSite(t: TestApp): Promise<Seeded> {
  const cast = await forumCast(t);
  const root = cast.root;
  const [ann, ben] = [cast.a, cast.b];
  const pids = [await makeProblem(t, { problemId: 'P1', authorUid: root.uid }), await makeProblem(t, { problemId: 'P2', type: 1, authorUid: root.uid })];
  const MIN = 60_000;
  const cid = await contest(t, root, { type: 0, auth: 0, startTime: new Date(Date.now() - 30 * MIN).toISOString(), endTime: new Date(Date.now() + 60 * MIN).toISOString() });
  await addProblem(t, root, cid, pids[0], 'A');
  await addProblem(t, root, cid, pids[1], 'B');
  const start = Date.now() - 20 * MIN;
  await judged(t, { cid, pid: pids[0], u: ann, at: start, status: -1 });
  await judged(t, { cid, pid: pids[0], u: ann, at: start + MIN, status: 0 });
  await judged(t, { cid, pid: pids[1], u: ben, at: start + 2 * MIN, status: 0 });
  const cat = await category(t, root, 'Basics');
  const tid = await training(t, root, cat);
  await addToTraining(t, root, tid, pids[0]);
  await verdict(t, { u: ann, pid: pids[0], status: 0, tid });
  await verdict(t, { u: ben, pid: pids[1], status: 1, score: 40 });
  const { gid } = await makeGroup(t, ann);
  await seat(t, gid, ben, 3);
  const forum = forumCalls(() => t);
  const did = await forum.post(ann, { title: 'How to start?' });
  const comment = await forum.comment(ben, did, 'Read the FAQ');
  await forum.reply(ann, comment, 'Thanks');
  const avatarDir = path.join(t.dataDir, 'files', 'avatar');
  fs.mkdirSync(avatarDir, { recursive: true });
  fs.writeFileSync(path.join(avatarDir, 'ann.png'), crypto.randomBytes(3000));
  await t.ctx.db.insertInto('file').values({ uid: ann.uid, name: 'ann.png', storage_key: 'avatar/ann.png', mime: 'image/png', size: 3000, kind: 'avatar', gid: 0, gmt_create: Date.now() }).execute();
  return { root, ann, ben, cid, tid, gid, did, pids };
}

/** The API pages (ranks, lists, profiles, messages) a copy of the site must answer alike: raw bodies by call. */
export async function pages(t: TestApp, s: Seeded): Promise<Record<string, string>> {
  const get = async (url: string, as: CUser | null, query?: Record<string, unknown>) => (await call(t, 'GET', url, { as, query })).raw.body;
  const post = async (url: string, as: CUser, body: unknown) => (await call(t, 'POST', url, { as, body })).raw.body;
  return {
    problems: await get('/get-problem-list', null, { limit: 50, currentPage: 1 }),
    submissions: await get('/get-submission-list', s.root, { limit: 50, currentPage: 1 }),
    contestRank: await post('/get-contest-rank', s.root, { cid: s.cid, currentPage: 1, limit: 50, forceRefresh: false, removeStar: false, concernedList: [] }),
    // The clock's fields (the server's time, the contest's progress) are the only ones not read from the data.
    contests: (await get('/get-contest-list', null, { limit: 10, currentPage: 1 })).replace(/"now":\d+/g, '"now":0').replace(/"progress":[\d.]+/g, '"progress":0'),
    trainingRank: await get('/get-training-rank', s.root, { tid: s.tid, limit: 50, currentPage: 1 }),
    trainings: await get('/get-training-list', null, { limit: 10, currentPage: 1 }),
    acmRank: await get('/get-rank-list', null, { limit: 50, currentPage: 1, type: 0 }),
    oiRank: await get('/get-rank-list', null, { limit: 50, currentPage: 1, type: 1 }),
    profile: await get('/get-user-home-info', null, { username: s.ann.username }),
    groups: await get('/get-group-list', s.ben, { limit: 10, currentPage: 1 }),
    discussions: await get('/get-discussion-list', null, { limit: 10, currentPage: 1 }),
    unread: await get('/msg/unread', s.ann),
  };
}

export { Role };
