import { ContestType, type ScoreboardRecord, type VirtualContestRankBody, type VirtualContestRankPage } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import { isContestAdmin } from './access.js';
import type { CellSub } from './rank/cells.js';
import type { RankUser } from './rank/model.js';
import { acmBuilder } from './rank/rank-acm.js';
import { oiBuilder } from './rank/rank-oi.js';
import { personalFieldsFor, type ViewOptions } from './rank/rows.js';
import type { ContestRankService } from './rank/service.js';
import type { ContestRow } from './tables.js';
import { findVirtualRun, rankUsersOf, virtualRunsOf, virtualSubmissionsOf } from './virtual-repo.js';

/** A user's cells cut at an elapsed time (ms from their start). */
function cut(byPid: Map<number, CellSub[]>, elapsed: number): Map<number, CellSub[]> {
  const out = new Map<number, CellSub[]>();
  for (const [pid, subs] of byPid) {
    const kept = subs.filter((s) => s[0] >= 0 && s[0] < elapsed);
    if (kept.length) out.set(pid, kept);
  }
  return out;
}

/**
 * The virtual scoreboard as `user` sees it: the real participants as they stood at the viewer's
 * elapsed time (ghost rows) and every virtual runner with their submissions up to the same elapsed
 * time of their own run. The contest's rules (penalty, OI score type, seal relative to the viewer's
 * clock) are the live rank's builders; the real cells come from the live rank's model.
 */
export async function virtualRankPage(ctx: AppContext, ranks: ContestRankService, c: ContestRow, user: AuthUser, q: VirtualContestRankBody): Promise<VirtualContestRankPage> {
  const t = now();
  const duration = c.end_time - c.start_time;
  const [mine, runs, vsubs, m] = await Promise.all([
    findVirtualRun(ctx.db, c.id, user.uid), virtualRunsOf(ctx.db, c.id), virtualSubmissionsOf(ctx.db, c.id), ranks.model(c.id),
  ]);
  const elapsed = mine ? Math.min(Math.max(t - Number(mine.start_time), 0), duration) : duration;
  const admin = isContestAdmin(user, c);
  let sealFrom: number | null = null;
  if (c.seal_rank === 1 && !admin) {
    const sealRel = (c.seal_rank_time ?? c.start_time) - c.start_time;
    const runOn = !!mine && t < Number(mine.end_time);
    if (elapsed >= sealRel && (runOn || c.auto_real_rank !== 1)) sealFrom = sealRel;
  }
  const o: ViewOptions = { sealFrom, containsEnd: false };
  const builder = c.type === ContestType.OI ? oiBuilder(c, o) : acmBuilder(c, o);
  const rows: ScoreboardRecord[] = [];
  const virtualUids = new Set<number>();
  for (const [uid, byPid] of m.cells) {
    const u = m.users.get(uid);
    const r = u ? builder.row(u, cut(byPid, elapsed)) : null;
    if (r) rows.push(r);
  }
  // Virtual runners: their cells relative to their own start.
  const startOf = new Map(runs.map((r) => [r.uid, Number(r.start_time)]));
  const cells = new Map<number, Map<number, CellSub[]>>();
  for (const s of vsubs) {
    const start = startOf.get(s.uid);
    if (start === undefined) continue;
    let byPid = cells.get(s.uid);
    if (!byPid) cells.set(s.uid, (byPid = new Map()));
    const list = byPid.get(s.pid) ?? [];
    list.push([s.submit_time - start, s.status, s.score, s.time, s.id]);
    byPid.set(s.pid, list);
  }
  const users = await rankUsersOf(ctx.db, [...cells.keys()]);
  for (const u of users) {
    const ru: RankUser = { uid: u.id, ...u };
    const r = builder.row(ru, cut(cells.get(u.id)!, elapsed));
    if (r) {
      rows.push(r);
      virtualUids.add(u.id);
    }
  }
  const sorted = builder.finish(rows);
  const view = personalFieldsFor(c, admin);
  const kw = q.keyword?.trim().toLowerCase();
  const filtered = kw ? sorted.filter((r) => matches(view(r), kw)) : sorted;
  const from = (q.currentPage - 1) * q.limit;
  const pageRows = filtered.slice(from, from + q.limit).map(view);
  const wire = await ranks.wireRows(c, pageRows);
  return {
    records: wire.map((r) => ({ ...r, virtual: virtualUids.has(r.uid) })), total: filtered.length, current: q.currentPage, size: q.limit,
  };
}

function matches(r: ScoreboardRecord, kw: string) {
  return r.username.toLowerCase().includes(kw) || r.showName.toLowerCase().includes(kw)
    || (r.realname ?? '').toLowerCase().includes(kw) || (r.school ?? '').toLowerCase().includes(kw);
}
