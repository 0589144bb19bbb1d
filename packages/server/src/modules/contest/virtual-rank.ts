import type { VirtualContestRankBody, VirtualContestRankPage } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { okJson, pageJson } from '../../http/envelope.js';
import { PackedBody } from '../../http/packed-body.js';
import type { Stamps } from '../../http/stamps.js';
import { now } from '../../lib/time.js';
import { isContestAdmin } from './access.js';
import type { CellSub } from './rank/cells.js';
import type { ContestRankModel, RankUser } from './rank/model.js';
import type { ContestRankService } from './rank/service.js';
import { contestProblemRefs } from './problems.js';
import type { ContestRow } from './tables.js';
import { CoreCache, VirtualRankIndex, type PackPage, type VirtualEntry } from './virtual-rank-index.js';
import { runnerSubmissionsOf } from './virtual-rank-repo.js';
import { keptVirtualRun, rankUsersOf, virtualRunsOf } from './virtual-repo.js';

/**
 * The index of a contest's virtual scoreboard (virtual-rank-index.ts), kept with the live rank's
 * model: built once per rank version (every verdict, virtual ones included, moves it) and contest
 * settings, from the model's cells (the ghosts) and the runs' submissions (read once per version).
 * Participants whose cells did not change keep their computed events between versions.
 */
interface Held {
  key: string;
  index: Promise<{ index: VirtualRankIndex; runStart: Map<number, number> }>;
  cores: CoreCache;
}
const held = new WeakMap<ContestRankModel, Held>();
const displayIds = new WeakMap<object, Map<number, string>>();

async function buildIndex(ctx: AppContext, m: ContestRankModel, c: ContestRow, cores: CoreCache) {
  const [runs, vsubs] = await Promise.all([virtualRunsOf(ctx.db, c.id), runnerSubmissionsOf(ctx.db, c.id)]);
  // Virtual runners: their cells relative to their own start.
  const runStart = new Map(runs.map((r) => [r.uid, Number(r.start_time)]));
  const cells = new Map<number, Map<number, CellSub[]>>();
  for (const s of vsubs) {
    const start = runStart.get(s.uid);
    if (start === undefined) continue;
    let byPid = cells.get(s.uid);
    if (!byPid) cells.set(s.uid, (byPid = new Map()));
    const list = byPid.get(s.pid) ?? [];
    list.push([s.submit_time - start, s.status, s.score, s.time, s.id]);
    byPid.set(s.pid, list);
  }
  const users = await rankUsersOf(ctx.db, [...cells.keys()]);
  // Ghosts first, in the model's order, then the runners (the order ties by username keep).
  const entries: VirtualEntry[] = [];
  for (const [uid, byPid] of m.cells) {
    const u = m.users.get(uid);
    if (u) entries.push({ user: u, cells: new Map(byPid), virtual: false });
  }
  for (const u of users) {
    const ru: RankUser = { uid: u.id, ...u };
    entries.push({ user: ru, cells: cells.get(u.id)!, virtual: true });
  }
  return { index: new VirtualRankIndex(c, entries, cores), runStart };
}

async function indexFor(ctx: AppContext, m: ContestRankModel, c: ContestRow, mine: { uid: number; start_time: number } | undefined) {
  const key = `${m.ver}|${c.gmt_modified}|${c.type}|${c.start_time}|${c.end_time}`;
  let h = held.get(m);
  if (!h) held.set(m, (h = { key: '', index: Promise.reject(new Error('unbuilt')), cores: new CoreCache() }));
  h.index.catch(() => undefined);
  let got = h.key === key ? await h.index.catch(() => null) : null;
  // The viewer's own run must be the one the index holds (it may have just started).
  if (!got || (mine && got.runStart.get(mine.uid) !== Number(mine.start_time))) {
    const index = buildIndex(ctx, m, c, h.cores);
    h.key = key;
    h.index = index;
    got = await index;
  }
  return got.index;
}

/**
 * A page as sent (http/packed-body.ts): the envelope around the records' JSON text, compressed
 * quickly (most pages are asked once: each runner is at their own elapsed time). The index keeps it,
 * so a page asked again before anything on it moved is sent as the same bytes.
 */
const packPage: PackPage<PackedBody<VirtualContestRankPage>> = (records, total, q) =>
  PackedBody.fromJson(okJson(pageJson(records, total, q.currentPage, q.limit)), { quick: true });

/**
 * The virtual scoreboard as `user` sees it, as bytes: the real participants as they stood at the
 * viewer's elapsed time (ghost rows) and every virtual runner with their submissions up to the same
 * elapsed time of their own run. The contest's rules (penalty, OI score type, seal relative to the
 * viewer's clock) are the live rank's; the real cells come from the live rank's model.
 */
export async function virtualRankBody(ctx: AppContext, ranks: ContestRankService, c: ContestRow, user: AuthUser, q: VirtualContestRankBody, stamps: Promise<Stamps>): Promise<PackedBody<VirtualContestRankPage>> {
  const t = now();
  const duration = c.end_time - c.start_time;
  const [mine, m] = await Promise.all([keptVirtualRun(ctx, c.id, user.uid, stamps), ranks.model(c.id)]);
  const elapsed = mine ? Math.min(Math.max(t - Number(mine.start_time), 0), duration) : duration;
  const admin = isContestAdmin(user, c);
  let sealFrom: number | null = null;
  if (c.seal_rank === 1 && !admin) {
    const sealRel = (c.seal_rank_time ?? c.start_time) - c.start_time;
    const runOn = !!mine && t < Number(mine.end_time);
    if (elapsed >= sealRel && (runOn || c.auto_real_rank !== 1)) sealFrom = sealRel;
  }
  const [index, problems] = await Promise.all([
    indexFor(ctx, m, c, mine && { uid: mine.uid, start_time: Number(mine.start_time) }), contestProblemRefs(ctx, c.id),
  ]);
  const seeAll = admin || c.rank_show_name === 'realname';
  let displayIdOf = displayIds.get(problems);
  if (!displayIdOf) displayIds.set(problems, (displayIdOf = new Map(problems.map((p) => [p.pid, p.display_id]))));
  return index.page(elapsed, sealFrom, seeAll, q, displayIdOf, packPage);
}
