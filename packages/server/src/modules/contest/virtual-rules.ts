import { ContestAuth, ContestStatus, accountAllowed, parseAccountLimitRule } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { ensureGroupMember, ensureVisible, isContestAdmin, isRegistered, resolveGroupAdmin } from './access.js';
import { statusOf } from './repo.js';
import type { ContestRow } from './tables.js';
import { findVirtualRun, insertVirtualRun, submittedInContest, type VirtualRunRow } from './virtual-repo.js';

/**
 * A submit to an ended contest: true while the user's virtual run is on (the submission is then
 * virtual); false when the contest's own rules apply (no run, the contest takes after-contest
 * submissions, or a contest admin). A run that is over refuses with its own message.
 */
export async function inVirtualRun(db: Db, user: AuthUser, c: ContestRow, t = now()): Promise<boolean> {
  if (statusOf(c, t) !== ContestStatus.ENDED) return false;
  const run = await findVirtualRun(db, c.id, user.uid);
  if (!run) return false;
  if (t >= Number(run.start_time) && t < Number(run.end_time)) return true;
  if (c.allow_end_submit === 1 || isContestAdmin(user, c)) return false;
  throw forbidden('virtualContestOver');
}

/**
 * POST start-virtual-contest: an ended contest the user may see (group, account limit), by a user
 * who neither administers it nor took part in it; private and protected contests need their
 * password unless the user registered. One run per user per contest: the unique index decides.
 */
export async function startVirtualRun(db: Db, user: AuthUser, c: ContestRow, password: string | undefined, t = now()) {
  await resolveGroupAdmin(user, c);
  ensureVisible(user, c);
  await ensureGroupMember(user, c);
  if (isContestAdmin(user, c)) throw badRequest('virtualContestAdmin');
  if (c.open_account_limit === 1 && !accountAllowed(parseAccountLimitRule(c.account_limit_rule), user.username)) throw forbidden('contestAccountLimit');
  if (statusOf(c, t) !== ContestStatus.ENDED) throw badRequest('virtualContestNotEnded');
  if (await findVirtualRun(db, c.id, user.uid)) throw new AppError(409, 'virtualContestTaken');
  if (c.auth !== ContestAuth.PUBLIC && !(await isRegistered(db, c.id, user.uid))) {
    const pwd = (password ?? '').trim();
    if (!pwd) throw badRequest('contestPasswordRequired');
    if (pwd !== (c.pwd ?? '')) throw badRequest('contestPasswordWrong');
  }
  if (await submittedInContest(db, c.id, user.uid, c.start_time, c.end_time)) throw badRequest('virtualContestParticipant');
  const run = { cid: c.id, uid: user.uid, start_time: t, end_time: t + (c.end_time - c.start_time), gmt_create: t };
  if (!(await insertVirtualRun(db, run))) throw new AppError(409, 'virtualContestTaken');
  const row = await findVirtualRun(db, c.id, user.uid);
  if (!row) throw new AppError(409, 'virtualContestTaken');
  return row;
}

/** A run as answered (virtualRunVo). */
export function toVirtualRunVo(v: Pick<VirtualRunRow, 'id' | 'cid' | 'uid' | 'start_time' | 'end_time'>, c: { title: string; type: number }, t = now()) {
  const start = Number(v.start_time), end = Number(v.end_time);
  return {
    id: v.id, cid: v.cid, uid: v.uid, title: c.title, type: c.type, startTime: start, endTime: end,
    duration: Math.floor((end - start) / 1000), status: t < end ? 0 : 1, now: t,
  };
}
