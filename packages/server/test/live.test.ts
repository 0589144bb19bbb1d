import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { buildApp } from '../src/app.js';
import type { LiveEvent } from '../src/modules/live/events.js';
import { RedisSlots } from '../src/modules/live/slots.js';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, call, contest, user, type CUser } from './contest-fixtures.js';
import { ProtocolWorker, casesOf, makeProblem } from './judge-fixtures.js';

/**
 * Live updates (issue 16) over a real listening server: the streams are read the way a browser
 * reads them, and verdicts arrive through the judge protocol. With REDIS_URL set in the
 * environment the fan-out goes through Redis (TEST_REDIS=1), on PostgreSQL through NOTIFY.
 */
let t: TestApp;
let base = '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let org: CUser, amy: CUser, bob: CUser, outsider: CUser;
let cid: number, oiCid: number, privateCid: number;
let worker: ProtocolWorker;

interface Stream { events: { event: string; data: any }[]; status: number; body: string; res: http.IncomingMessage; close: () => void; until: (pred: (e: { event: string; data: any }[]) => boolean, ms?: number) => Promise<void> }

/** Opens GET /api/stream like an EventSource and collects its events. */
function stream(query: string, as?: CUser | null, ip?: string, at = base): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-language': 'en-US' };
    if (as) headers.authorization = as.token;
    if (ip) headers['x-forwarded-for'] = ip;
    const req = http.get(`${at}/api/stream?${query}`, { headers }, (res) => {
      const s: Stream = {
        events: [], status: res.statusCode ?? 0, body: '', close: () => req.destroy(), res,
        until: (pred, ms = 5000) => new Promise((ok, fail) => {
          const start = Date.now();
          const tick = () => (pred(s.events) ? ok() : Date.now() - start > ms ? fail(new Error(`timed out; got ${JSON.stringify(s.events)}`)) : setTimeout(tick, 20));
          tick();
        }),
      };
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (s.body.length < 65536) s.body += chunk;
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (ev && data) s.events.push({ event: ev, data: JSON.parse(data) });
        }
      });
      if (res.statusCode !== 200) res.on('end', () => resolve(s));
      else resolve(s);
    });
    req.on('error', reject);
  });
}

const submit = (as: CUser, c: number) => call(t, 'POST', '/submit-problem-judge', { as, body: { pid: 'A', cid: c, language: 'C++', code: 'int main(){}' } });

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, liveMaxPerIp: 3 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  org = await user(t, 'org', Role.ADMIN);
  amy = await user(t, 'amy');
  bob = await user(t, 'bob');
  outsider = await user(t, 'outsider');
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  const pid = await makeProblem(t, { problemId: 'L1', languages: ['C++'] });
  const now = Date.now();
  cid = await contest(t, org, { auth: 0, startTime: now - 30 * MIN, endTime: now + 60 * MIN, openRank: true });
  // OI, sealed for the whole contest: participants see neither scores nor the rank move.
  oiCid = await contest(t, org, { type: 1, auth: 0, startTime: now - 30 * MIN, endTime: now + 60 * MIN, sealRank: true, sealRankChoice: 2 });
  privateCid = await contest(t, org, { auth: 1, pwd: 'p', startTime: now - 30 * MIN, endTime: now + 60 * MIN });
  for (const c of [cid, oiCid, privateCid]) {
    expect((await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: org, body: { cid: c, pid, displayId: 'A' } })).code).toBe(200);
  }
  for (const u of [amy, bob]) for (const c of [cid, oiCid]) await call(t, 'POST', '/register-contest', { as: u, body: { cid: c, password: '' } });
  worker = new ProtocolWorker(t, 'w1');
  await worker.register(['C++']);
});
afterAll(async () => { await t?.close(); });

describe('live stream', () => {
  it('tells the submitter each status change in order, then signals the rank to another participant', async () => {
    const mine = await stream(`mine=1&cid=${cid}`, amy);
    const other = await stream(`cid=${cid}`, bob);
    const board = await stream(`cid=${cid}&board=1`, null);
    expect([mine.status, other.status, board.status]).toEqual([200, 200, 200]);
    // A contest stream opens with a rank signal marked `open`: the page catches up on whatever
    // changed before the stream was open (or while it was reconnecting) without waiting for the
    // next verdict, or skips it when its own data was just fetched.
    for (const s of [mine, other, board]) {
      await s.until((e) => e.length > 0);
      expect(s.events).toEqual([{ event: 'rank', data: { cid, open: true } }]);
    }
    const sub = await submit(amy, cid);
    expect(sub.code, sub.msg).toBe(200);
    const id = sub.data.submitId;
    const task = (await worker.claim())!;
    expect(await worker.progress(task, S.COMPILING, 0, 2)).toBe(true);
    expect(await worker.progress(task, S.JUDGING, 1, 2)).toBe(true);
    expect(await worker.progress(task, S.JUDGING, 2, 2)).toBe(true);
    expect(await worker.result(task, { status: S.WRONG_ANSWER, cases: casesOf(task, S.WRONG_ANSWER) })).toBe(true);
    await mine.until((e) => e.filter((x) => x.event === 'rank').length === 2);
    const statuses = mine.events.filter((e) => e.event === 'submission' && e.data.id === id).map((e) => e.data.status);
    expect(statuses).toEqual([S.COMPILING, S.JUDGING, S.WRONG_ANSWER]);
    // The rank signal comes after the verdict, and the rank it points to already shows it.
    expect(mine.events.at(-1)).toEqual({ event: 'rank', data: { cid } });
    await other.until((e) => e.length === 2);
    await board.until((e) => e.length === 2);
    // Others learn only that the rank changed, never whose submission or its verdict.
    expect(other.events).toEqual([{ event: 'rank', data: { cid, open: true } }, { event: 'rank', data: { cid } }]);
    const rank = await call(t, 'POST', '/get-contest-rank', { as: bob, body: { cid } });
    expect(rank.data.records.find((r: any) => r.username === 'amy').submissionInfo.A).toMatchObject({ isAC: false, errorNum: 1 });
    // An announcement reaches the contest's streams.
    const ann = await call(t, 'POST', '/admin/contest/announcement', { as: org, body: { cid, title: 'Note', content: 'Read A again', status: 0 } });
    expect(ann.code, ann.msg).toBe(200);
    await other.until((e) => e.some((x) => x.event === 'announcement'));
    for (const s of [mine, other, board]) s.close();
  });

  it('carries nothing that reveals a sealed verdict to participants of a sealed OI contest', async () => {
    const amyStream = await stream(`mine=1&cid=${oiCid}`, amy);
    const bobStream = await stream(`cid=${oiCid}`, bob);
    const orgStream = await stream(`mine=1&cid=${oiCid}`, org);
    for (const s of [amyStream, bobStream, orgStream]) await s.until((e) => e.length > 0);
    const id = (await submit(amy, oiCid)).data.submitId;
    const task = (await worker.claim())!;
    expect(await worker.progress(task, S.JUDGING, 1, 2)).toBe(true);
    expect(await worker.result(task, { status: S.ACCEPTED, cases: casesOf(task, S.ACCEPTED, 50) })).toBe(true);
    await bobStream.until((e) => e.length === 2);
    await amyStream.until((e) => e.filter((x) => x.event === 'rank').length === 2);
    // Amy's own OI result is hidden during the seal: she hears that it changed, not how.
    expect(amyStream.events.filter((e) => e.event === 'submission')).toEqual([
      { event: 'submission', data: { id, cid: oiCid } }, { event: 'submission', data: { id, cid: oiCid } },
    ]);
    // Bob hears only "rank changed", and the rank he then fetches is the sealed one.
    expect(bobStream.events).toEqual([{ event: 'rank', data: { cid: oiCid, open: true } }, { event: 'rank', data: { cid: oiCid } }]);
    expect(bobStream.body).not.toMatch(/status|score|amy/);
    const rank = await call(t, 'POST', '/get-contest-rank', { as: bob, body: { cid: oiCid } });
    expect(JSON.stringify(rank.data.records)).not.toMatch(/"totalScore":\s*[1-9]/);
    for (const s of [amyStream, bobStream, orgStream]) s.close();
  });

  it('a rank change whose signal was lost (its server died right after the commit) still reaches the watchers, and a normal verdict is signalled once', async () => {
    const judge = t.ctx.services.judge;
    const checkMs = t.ctx.services.live.hub.limits.rankCheckMs;
    const s = await stream(`cid=${cid}`, bob, '10.0.0.40');
    await s.until((e) => e.length === 1);
    await new Promise((r) => setTimeout(r, 200)); // the version the opening signal covers is read
    const id = (await submit(amy, cid)).data.submitId;
    const task = (await worker.claim())!;
    expect(task.submitId).toBe(id);
    // The verdict commits, then the process "dies": no listener runs, no signal is published.
    judge.crashAfterCommit = () => { throw new Error('killed after commit'); };
    try {
      await expect(judge.applyResult({
        taskId: task.taskId, leaseToken: task.leaseToken,
        result: { status: S.ACCEPTED, score: null, time: 5, memory: 900, errorMessage: null, cases: casesOf(task, S.ACCEPTED), judger: 'w1' },
      })).rejects.toThrow('killed after commit');
    } finally {
      judge.crashAfterCommit = null;
    }
    // The rank version moved without a signal: the hub's check sends one.
    await s.until((e) => e.length === 2, checkMs * 3);
    expect(s.events[1]).toEqual({ event: 'rank', data: { cid } });
    const rank = await call(t, 'POST', '/get-contest-rank', { as: bob, body: { cid } });
    expect(rank.data.records.find((r: any) => r.username === 'amy').submissionInfo.A).toMatchObject({ isAC: true });
    // A verdict with its own signal: exactly one, the check adds no second one.
    await submit(amy, cid);
    const next = (await worker.claim())!;
    expect(await worker.result(next, { status: S.WRONG_ANSWER, cases: casesOf(next, S.WRONG_ANSWER) })).toBe(true);
    await s.until((e) => e.length === 3);
    await new Promise((r) => setTimeout(r, checkMs * 2 + 300));
    expect(s.events).toHaveLength(3);
    s.close();
  });

  it('refuses a stream it may not open, and more than the per-address bound, with a clear message', async () => {
    const anon = await stream(`cid=${privateCid}`, null);
    expect([anon.status, JSON.parse(anon.body).msg]).toEqual([401, 'Please login first']);
    const notRegistered = await stream(`cid=${privateCid}`, outsider);
    expect(notRegistered.status).toBe(403);
    const anonMine = await stream('mine=1', null);
    expect(anonMine.status).toBe(401);
    const nothing = await stream('', amy);
    expect([nothing.status, JSON.parse(nothing.body).msg]).toEqual([400, 'Say what to watch: mine=1 for your submissions, cid for a contest']);

    const open = [];
    for (let i = 0; i < 3; i++) open.push(await stream('mine=1', amy, '10.0.0.7'));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await stream('mine=1', amy, '10.0.0.7');
    expect([refused.status, JSON.parse(refused.body).msg]).toEqual([429, 'Too many live connections from your address (at most 3); close some tabs or wait a moment']);
    // Another address is not affected, and closing one stream frees its place.
    const elsewhere = await stream('mine=1', amy, '10.0.0.8');
    expect(elsewhere.status).toBe(200);
    open[0].close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await stream('mine=1', amy, '10.0.0.7');
    expect(again.status).toBe(200);
    for (const s of [...open, elsewhere, again]) s.close();
  });

  it('signals unread message counts to the streams of the users whose counters moved', async () => {
    const root = await user(t, 'unread_root', Role.ROOT);
    const [amyS, bobS, board] = [await stream('mine=1', amy, '10.1.0.1'), await stream('mine=1', bob, '10.1.0.2'), await stream(`cid=${cid}&board=1`, null, '10.1.0.3')];
    const before = (await call(t, 'GET', '/msg/unread', { as: amy })).data.sys as number;
    expect((await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Maintenance', content: 'At noon' } })).code).toBe(200);
    // A system notice: every logged-in stream hears it; the signal carries no counts, msg/unread has them.
    await amyS.until((e) => e.some((x) => x.event === 'unread'));
    await bobS.until((e) => e.some((x) => x.event === 'unread'));
    expect((await call(t, 'GET', '/msg/unread', { as: amy })).data.sys).toBe(before + 1);
    expect(amyS.events.find((x) => x.event === 'unread')!.data).toEqual({});
    // An anonymous scoreboard stream has no counters to hear about.
    await new Promise((r) => setTimeout(r, 300));
    expect(board.events.some((x) => x.event === 'unread')).toBe(false);
    for (const x of [amyS, bobS, board]) x.close();
  });
});

describe('a reader that never reads', () => {
  /**
   * Hands events to this process's streams in small rounds (so a healthy reader drains between
   * them) until `done` or the rounds run out. Straight to the hub: the bound is the hub's, and
   * 50,000 NOTIFYs would only test PostgreSQL.
   */
  async function flood(make: (i: number) => LiveEvent, done: () => boolean, rounds = 400) {
    let n = 0;
    for (let round = 0; round < rounds && !done(); round++) {
      for (let i = 0; i < 500; i++) void t.ctx.services.live.hub.dispatch(make(n++));
      await new Promise((r) => setTimeout(r, 10));
    }
    return n;
  }

  it('costs one buffered line per kind of signal however many verdicts land, and is cut when distinct events pile up past the bound', async () => {
    const { hub } = t.ctx.services.live;
    const dropped = hub.dropped;
    // Rank signals to a stalled scoreboard coalesce: 50,000 of them neither grow its buffer nor cut it.
    const stalledBoard = await stream(`cid=${cid}&board=1`, null, '10.0.0.9');
    stalledBoard.res.pause();
    await flood(() => ({ type: 'rank', cid }), () => false, 100);
    expect(hub.dropped).toBe(dropped);
    stalledBoard.res.resume();
    await stalledBoard.until((e) => e.length > 0);
    stalledBoard.close();

    // Amy's own submission events are all distinct: a tab of hers that stops reading is cut once
    // its unread bytes pass the bound, while her other tab keeps hearing them.
    const stalled = await stream('mine=1', amy, '10.0.0.11');
    const healthy = await stream('mine=1', amy, '10.0.0.12');
    stalled.res.pause();
    const before = hub.size;
    const sent = await flood((i) => ({ type: 'submission', uid: amy.uid, id: 1_000_000 + i, cid: 0, status: 0, submitTime: 0 }), () => hub.dropped > dropped);
    expect(hub.dropped).toBe(dropped + 1);
    expect(hub.size).toBe(before - 1);
    await healthy.until((e) => e.some((x) => x.data.id === 1_000_000 + sent - 1));
    healthy.close();
    stalled.close();
  });
});

describe('fan-out across server processes', () => {
  // Two servers on the same database: Redis when configured; PostgreSQL's NOTIFY without it.
  const buses = process.env.TEST_DB === 'postgres' ? ['redis', 'postgres'] : ['redis'];
  it.each(buses)('a verdict applied on one server reaches a stream opened on another (%s)', async (kind) => {
    const config = { ...t.ctx.config, redisUrl: kind === 'redis' ? REDIS_URL : undefined };
    const a = await buildApp(config, { logger: false });
    const b = await buildApp(config, { logger: false });
    try {
      await Promise.all([a.app.ready(), b.app.ready()]);
      expect(b.ctx.services.live.bus.kind).toBe(kind);
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const atB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
      const s = await stream(`mine=1&cid=${cid}`, amy, undefined, atB);
      expect(s.status).toBe(200);
      await a.ctx.services.judge.emitResult({ submitId: 999_999, uid: amy.uid, pid: 1, cid, gid: 0, status: S.ACCEPTED, score: null, time: 1, memory: 1, source: 'manual' });
      await s.until((e) => e.length === 2);
      // The stream's opening signal, then the verdict's from the other server.
      expect(s.events).toEqual([{ event: 'rank', data: { cid, open: true } }, { event: 'rank', data: { cid } }]);
      s.close();
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe('the per-address bound across server processes', () => {
  it('counts one address\'s streams on every server sharing Redis: refused on either past the bound, a place freed on one is free on the other', async () => {
    const config = { ...t.ctx.config, redisUrl: REDIS_URL, liveMaxPerIp: 3 };
    const a = await buildApp(config, { logger: false });
    const b = await buildApp(config, { logger: false });
    try {
      await Promise.all([a.app.listen({ port: 0, host: '127.0.0.1' }), b.app.listen({ port: 0, host: '127.0.0.1' })]);
      const atA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
      const atB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
      const tail = `${process.pid % 250}.${Date.now() % 250}`;
      const ip = `10.77.${tail}`;
      const open = [await stream('mine=1', amy, ip, atA), await stream('mine=1', amy, ip, atA), await stream('mine=1', bob, ip, atB)];
      expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
      // Each process holds fewer than 3: only a shared count refuses these.
      for (const at of [atA, atB]) {
        const refused = await stream('mine=1', amy, ip, at);
        expect([refused.status, JSON.parse(refused.body).msg]).toEqual([429, 'Too many live connections from your address (at most 3); close some tabs or wait a moment']);
      }
      const elsewhere = await stream('mine=1', amy, `10.78.${tail}`, atB);
      expect(elsewhere.status).toBe(200);
      // A stream closed on A frees its place for B.
      open[0].close();
      let again: Stream | null = null;
      for (let i = 0; i < 50 && again?.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        again = await stream('mine=1', amy, ip, atB);
      }
      expect(again!.status).toBe(200);
      for (const s of [...open, elsewhere, again!]) s.close();
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });

  it('lets the places of a server that died without giving them back run out with their lease', async () => {
    const prefix = `verdict:test:live-ip:${process.pid}:${Date.now()}:`;
    const dead = new RedisSlots(REDIS_URL, prefix, 2, t.ctx.log, 600);
    const alive = new RedisSlots(REDIS_URL, prefix, 2, t.ctx.log, 600);
    await Promise.all([dead.ready(), alive.ready()]);
    try {
      expect([await dead.acquire('10.0.0.1', 'd1'), await alive.acquire('10.0.0.1', 'a1')]).toEqual([true, true]);
      expect(await alive.acquire('10.0.0.1', 'a2')).toBe(false);
      // "Killed": it stops renewing and never gives d1 back. The living server keeps a1 renewed.
      await dead.close();
      await new Promise((r) => setTimeout(r, 1000));
      expect(await alive.acquire('10.0.0.1', 'a2')).toBe(true);
      expect(await alive.acquire('10.0.0.1', 'a3')).toBe(false);
    } finally {
      await alive.close();
    }
  });
});
