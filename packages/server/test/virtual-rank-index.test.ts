import { describe, expect, it } from 'vitest';
import { AwardType, ContestType, JudgeStatus as S, type ScoreboardRecord } from '@verdict/shared';
import type { CellSub } from '../src/modules/contest/rank/cells.js';
import type { RankUser } from '../src/modules/contest/rank/model.js';
import { acmBuilder } from '../src/modules/contest/rank/rank-acm.js';
import { oiBuilder } from '../src/modules/contest/rank/rank-oi.js';
import { personalFieldsFor } from '../src/modules/contest/rank/rows.js';
import type { ContestRow } from '../src/modules/contest/tables.js';
import { toWireRecord } from '../src/modules/contest/rank/wire.js';
import { CoreCache, VirtualRankIndex, type VirtualEntry } from '../src/modules/contest/virtual-rank-index.js';

/**
 * The virtual scoreboard's kept index against a from-scratch computation (every row rebuilt, sorted
 * and ranked by the live rank's builders, as the route did before the index): randomised small
 * ACM and OI contests with seal, stars, plagiarism exclusions, testers, awards, a user who is both
 * a ghost and a runner, pending and ignored verdicts, submissions before the start and after the
 * end; many elapsed times on one index (its kept snapshots), searches and pages; then a new rank
 * version with some cells changed on the same core cache. Compared as JSON text (key order too).
 */

const MIN = 60_000;
const DURATION = 100 * MIN;

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = [S.ACCEPTED, S.ACCEPTED, S.WRONG_ANSWER, S.WRONG_ANSWER, S.TIME_LIMIT_EXCEEDED, S.PARTIAL_ACCEPTED, S.COMPILE_ERROR,
  S.PENDING, S.JUDGING, S.SYSTEM_ERROR, S.CANCELLED, S.PRESENTATION_ERROR, S.RUNTIME_ERROR];

/** A participant's cells cut at an elapsed time (ms from their start). */
function cut(byPid: Map<number, CellSub[]>, elapsed: number): Map<number, CellSub[]> {
  const out = new Map<number, CellSub[]>();
  for (const [pid, subs] of byPid) {
    const kept = subs.filter((s) => s[0] >= 0 && s[0] < elapsed);
    if (kept.length) out.set(pid, kept);
  }
  return out;
}

/** A page as the index writes it: the records' JSON text and the total. */
const asText = (json: string, total: number) => ({ json, total });

/** Display IDs of the random contests' problems (the wire's keys). */
const displayIdOf = new Map([[11, 'A'], [12, 'B'], [13, 'C'], [14, 'D']]);
/** Display IDs that are numbers (a JSON object lists those keys first, ascending) beside letters. */
const numericIds = new Map([[11, '1001'], [12, 'B'], [13, '2'], [14, '10']]);
/** A problem removed from the contest: its cells still count, and are not shown. */
const oneRemoved = new Map([[11, 'A'], [12, 'B'], [13, 'C']]);
const idsFor = (seed: number) => (seed % 3 === 0 ? numericIds : seed % 7 === 0 ? oneRemoved : displayIdOf);

/** The route's computation before the index: every row at E, the builder's finish, view, search, page. */
function fromScratch(c: ContestRow, entries: VirtualEntry[], E: number, sealFrom: number | null, admin: boolean, q: { currentPage: number; limit: number; keyword?: string }, ids: Map<number, string>) {
  const o = { sealFrom, containsEnd: false };
  const builder = c.type === ContestType.OI ? oiBuilder(c, o) : acmBuilder(c, o);
  const rows: ScoreboardRecord[] = [];
  const virtualUids = new Set<number>();
  for (const e of entries) {
    const r = builder.row(e.user, cut(e.cells, E));
    if (!r) continue;
    rows.push(r);
    if (e.virtual) virtualUids.add(e.user.uid);
  }
  const sorted = builder.finish(rows);
  const view = personalFieldsFor(c, admin);
  const kw = q.keyword?.trim().toLowerCase();
  const matches = (r: ScoreboardRecord) => r.username.toLowerCase().includes(kw!) || r.showName.toLowerCase().includes(kw!)
    || (r.realname ?? '').toLowerCase().includes(kw!) || (r.school ?? '').toLowerCase().includes(kw!);
  const filtered = kw ? sorted.filter((r) => matches(view(r))) : sorted;
  const from = (q.currentPage - 1) * q.limit;
  const page = filtered.slice(from, from + q.limit).map(view).map((r) => toWireRecord(c, r, ids));
  return { records: page.map((r) => ({ ...r, virtual: virtualUids.has(r.uid) })), total: filtered.length };
}

function randomContest(seed: number) {
  // Seeds divisible by 5: run times too large for packed sort keys (the comparator path).
  const rand = rng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const type = seed % 2 === 0 ? ContestType.ACM : ContestType.OI;
  const start = 1_700_000_000_000;
  const sealRel = [60 * MIN, 30 * MIN, 0, 90 * MIN][seed % 4];
  const users: RankUser[] = Array.from({ length: 30 }, (_, i) => ({
    uid: 100 + i, username: `u${String.fromCharCode(97 + (i % 7))}${i}`, nickname: i % 3 ? `nick${i}` : null, realname: i % 4 ? `Real ${i}` : null,
    school: i % 5 ? `School ${i % 3}` : null, avatar: null, gender: 'secrecy', role: i === 29 ? 1000 : 1002,
  }));
  const stars = [users[3].username, users[17].username];
  const excluded = { [users[5].uid]: 'copied', [users[22].uid]: 'copied too' };
  const tiers = [
    { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: type === ContestType.ACM ? 20 : 3 },
    { priority: 1, name: 'Gold', background: '#fc0', color: '#000', num: type === ContestType.ACM ? 10 : 2 },
  ];
  const c = {
    id: 1, title: 'R', description: '', type, auth: 0, pwd: null, start_time: start, end_time: start + DURATION, duration: DURATION, seal_rank: 1,
    seal_rank_time: start + sealRel, auto_real_rank: 1, open_rank: 1, open_print: 0, allow_end_submit: 0,
    rank_show_name: ['username', 'nickname', 'realname'][seed % 3], open_account_limit: 0, account_limit_rule: null, star_account: JSON.stringify(stars),
    oi_rank_score_type: seed % 3 === 0 ? 'Recent' : 'Highest', award_type: [AwardType.NONE, AwardType.PROPORTION, AwardType.NUMBER][seed % 3],
    award_config: JSON.stringify(tiers), visible: 1, uid: users[0].uid, author: users[0].username, gid: 0, rank_excluded: JSON.stringify(excluded),
    gmt_create: start, gmt_modified: start, rated: 0,
  } as ContestRow;
  const pids = [11, 12, 13, 14];
  // Times on a coarse grid (ties in seconds and minutes), a few before the start and after the end.
  const rel = () => (rand() < 0.05 ? -int(5) * 1000 : rand() < 0.05 ? DURATION + int(5) * 1000 : int(DURATION / 20_000) * 20_000 + (rand() < 0.3 ? int(1000) : 0));
  const cellsOf = () => {
    const byPid = new Map<number, CellSub[]>();
    let id = 1;
    for (const pid of pids) {
      if (rand() < 0.3) continue;
      const subs: CellSub[] = Array.from({ length: 1 + int(5) }, () => [rel(), STATUSES[int(STATUSES.length)], rand() < 0.1 ? null : int(5) * 25,
        rand() < 0.1 ? null : int(3) * 10 * (seed % 5 === 0 ? 1e9 : 1), id++] as CellSub).sort((a, b) => a[0] - b[0] || a[4] - b[4]);
      byPid.set(pid, subs);
    }
    return byPid;
  };
  const entries: VirtualEntry[] = [];
  // Ghosts: users 0..23 (0: the contest's author, a tester), and 29 (a super admin, a tester).
  for (const i of [...Array.from({ length: 24 }, (_, k) => k), 29]) entries.push({ user: users[i], cells: cellsOf(), virtual: false });
  // Runners: users 24..28 and user 8, who is also a ghost.
  for (const i of [24, 25, 26, 27, 28, 8]) entries.push({ user: users[i], cells: cellsOf(), virtual: true });
  return { c, entries, rand, int, cellsOf, sealRel };
}

describe('virtual rank index', () => {
  it('answers as the from-scratch computation: ACM and OI, seal, at many elapsed times, pages and searches, numeric display IDs', () => {
    let compared = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const { c, entries, rand, int, cellsOf, sealRel } = randomContest(seed);
      const cores = new CoreCache();
      let index = new VirtualRankIndex(c, entries, cores);
      // Elapsed times: the edges, event times exactly (a submission at E does not count yet), random ones.
      const eventTimes = entries.flatMap((e) => [...e.cells.values()].flatMap((subs) => subs.map((s) => s[0])));
      const times = () => [0, 1, sealRel - 1, sealRel, sealRel + 1, DURATION - 1, DURATION, ...Array.from({ length: 12 }, () => eventTimes[int(eventTimes.length)]),
        ...Array.from({ length: 12 }, () => int(DURATION + 1))].filter((t) => t >= 0 && t <= DURATION);
      const check = () => {
        for (const E of times()) {
          for (const sealed of [false, true]) {
            if (sealed && E < sealRel) continue;
            for (const admin of [false, true]) {
              const q = { currentPage: 1 + int(3), limit: 1 + int(12), keyword: [undefined, '', '  ', 'ub', 'NICK1', 'school 1', 'real 2', 'zz'][int(8)] };
              if (rand() < 0.3) Object.assign(q, { currentPage: 1, limit: 50 });
              const sealFrom = sealed ? sealRel : null;
              const want = fromScratch(c, entries, E, sealFrom, admin, q, idsFor(seed));
              const seeAll = admin || c.rank_show_name === 'realname';
              const got = index.page(E, sealFrom, seeAll, q, idsFor(seed), asText);
              expect(`${got.json} ${got.total}`, `seed ${seed} E ${E} sealed ${sealed} admin ${admin} ${JSON.stringify(q)}`)
                .toBe(`${JSON.stringify(want.records)} ${want.total}`);
              compared++;
            }
          }
        }
      };
      check();
      // A new rank version: a few participants' cells change (new arrays), the rest keep their cores.
      for (const e of entries) if (rand() < 0.2) e.cells = cellsOf();
      index = new VirtualRankIndex(c, entries, cores);
      check();
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it('shares one snapshot between the elapsed times of one interval without events', () => {
    const { c, entries } = randomContest(2);
    const index = new VirtualRankIndex(c, entries, new CoreCache());
    const q = { currentPage: 1, limit: 50 };
    const ranks = (json: string) => (JSON.parse(json) as ScoreboardRecord[]).map((r) => [r.uid, r.rank]);
    const a = index.page(40 * MIN + 1, null, false, q, displayIdOf, asText);
    const b = index.page(40 * MIN + 2, null, false, q, displayIdOf, asText);
    expect(ranks(b.json)).toEqual(ranks(a.json));
    expect(a.total).toBeGreaterThan(3);
  });
});
