import { ContestAuth, ContestStatus, accountAllowed, isRoot, parseAccountLimitRule } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { statusOf } from './repo.js';
import type { ContestRow } from './tables.js';
import { findVirtualRun } from './virtual-repo.js';

/** Group contests whose group root the request's user is (resolved per request by resolveGroupAdmin). */
const groupRootOf = new WeakMap<AuthUser, Set<number>>();

/** Contest admin (spec 02 §6, spec 03 §6): the contest's author, the super admin, or the root of the contest's group. */
export const isContestAdmin = (user: AuthUser | null, c: ContestRow) =>
  !!user && (user.uid === c.uid || isRoot(user.roles) || (c.gid > 0 && !!groupRootOf.get(user)?.has(c.id)));

/**
 * Group contests (gid > 0) are for the group's members: the group module plugs its rule in here.
 * Without it a group contest is open to its admins only.
 */
export interface ContestGroupRules { isMember(user: AuthUser, gid: number): Promise<boolean>; isRoot?(user: AuthUser, gid: number): Promise<boolean> }
let groupRules: ContestGroupRules | null = null;
export const setContestGroupRules = (r: ContestGroupRules) => { groupRules = r; };

/** Before any isContestAdmin of a request on a group contest: is the user its group's root? */
export async function resolveGroupAdmin(user: AuthUser | null, c: ContestRow) {
  if (!user || c.gid <= 0 || !groupRules?.isRoot || groupRootOf.get(user)?.has(c.id)) return;
  if (await groupRules.isRoot(user, c.gid)) {
    const set = groupRootOf.get(user) ?? new Set<number>();
    set.add(c.id);
    groupRootOf.set(user, set);
  }
}

/** A group contest refuses who is not in its group (its admins pass). */
export async function ensureGroupMember(user: AuthUser | null, c: ContestRow) {
  await resolveGroupAdmin(user, c);
  if (c.gid <= 0 || isContestAdmin(user, c)) return;
  if (!user || !groupRules || !(await groupRules.isMember(user, c.gid))) throw forbidden('groupMemberOnly');
}

/** The contest's testers: the author and super admins (their submissions are tests, they have no rank row). */
export const isContestTester = (c: ContestRow, uid: number, role: number) => uid === c.uid || role === 1000;

const excludedOf = new WeakMap<ContestRow, Map<number, string>>();
/**
 * Users an admin took out of the rank for plagiarism (issue 31, contest.rank_excluded), with the
 * reason they are shown: their rows stay on the scoreboard, unranked and marked (rows.ts).
 */
export function plagiarismExcluded(c: ContestRow): Map<number, string> {
  let m = excludedOf.get(c);
  if (!m) {
    m = new Map();
    try {
      const v: unknown = JSON.parse(c.rank_excluded ?? '{}');
      if (v && typeof v === 'object') for (const [uid, reason] of Object.entries(v)) m.set(Number(uid), String(reason));
    } catch {
      // An unreadable value excludes nobody.
    }
    excludedOf.set(c, m);
  }
  return m;
}

/** Users left out of the rank and its statistics: the testers, and users excluded for plagiarism. */
export const excludedFromRank = (c: ContestRow, uid: number, role: number) => isContestTester(c, uid, role) || plagiarismExcluded(c).has(uid);

export async function isRegistered(db: Db, cid: number, uid: number): Promise<boolean> {
  return !!(await db.selectFrom('contest_register').select('id').where('cid', '=', cid).where('uid', '=', uid).executeTakeFirst());
}

/** Hidden contests exist only for their admins. */
export function ensureVisible(user: AuthUser | null, c: ContestRow) {
  if (c.visible !== 1 && !isContestAdmin(user, c)) throw notFound('contestNotFound');
}

function ensureAccountAllowed(user: AuthUser, c: ContestRow) {
  if (c.open_account_limit === 1 && !isContestAdmin(user, c) && !accountAllowed(parseAccountLimitRule(c.account_limit_rule), user.username)) {
    throw forbidden('contestAccountLimit');
  }
}

/** get-contest-access: may the user see the contest's content (private contests need registration)? */
export async function hasAccess(db: Db, user: AuthUser, c: ContestRow): Promise<boolean> {
  if (isContestAdmin(user, c)) return true;
  if (c.open_account_limit === 1 && !accountAllowed(parseAccountLimitRule(c.account_limit_rule), user.username)) return false;
  if (c.auth === ContestAuth.PRIVATE) return isRegistered(db, c.id, user.uid);
  return true;
}

/**
 * The contest menu (problems, submissions, rank, ...) is closed to non-admins while the contest is
 * scheduled and while a private contest has not granted access (spec 02 §4).
 */
export async function ensureMenuOpen(db: Db, user: AuthUser, c: ContestRow) {
  await resolveGroupAdmin(user, c);
  ensureVisible(user, c);
  await ensureGroupMember(user, c);
  if (isContestAdmin(user, c)) return;
  ensureAccountAllowed(user, c);
  if (statusOf(c) === ContestStatus.SCHEDULED) throw forbidden('contestNotStarted');
  // A virtual run (issue 30) opens a private contest to its runner as registering does.
  if (c.auth === ContestAuth.PRIVATE && !(await isRegistered(db, c.id, user.uid)) && !(await findVirtualRun(db, c.id, user.uid))) throw forbidden('contestNeedRegister');
}

/** register-contest: checks the password and the account limit; registering twice is harmless. */
export async function register(db: Db, user: AuthUser, c: ContestRow, password: string) {
  await resolveGroupAdmin(user, c);
  ensureVisible(user, c);
  await ensureGroupMember(user, c);
  ensureAccountAllowed(user, c);
  if (c.auth !== ContestAuth.PUBLIC) {
    if (!password.trim()) throw badRequest('contestPasswordRequired');
    if (password !== (c.pwd ?? '')) throw badRequest('contestPasswordWrong');
  }
  if (await isRegistered(db, c.id, user.uid)) return;
  try {
    await db.insertInto('contest_register').values({ cid: c.id, uid: user.uid, gmt_create: now() }).execute();
  } catch {
    // A concurrent registration of the same user won the unique index: nothing to do.
  }
}

/**
 * May the user submit now? Protected and private contests need registration; nothing before the
 * start (admins may test); after the end only when the contest allows it (admins always).
 */
export async function ensureCanSubmit(db: Db, user: AuthUser, c: ContestRow) {
  await resolveGroupAdmin(user, c);
  ensureVisible(user, c);
  await ensureGroupMember(user, c);
  if (isContestAdmin(user, c)) return;
  ensureAccountAllowed(user, c);
  const status = statusOf(c);
  if (status === ContestStatus.SCHEDULED) throw forbidden('contestNotStarted');
  if (status === ContestStatus.ENDED && c.allow_end_submit !== 1) throw forbidden('contestEndedNoSubmit');
  if (c.auth !== ContestAuth.PUBLIC && !(await isRegistered(db, c.id, user.uid))) throw new AppError(403, 'contestNeedRegister');
}

/**
 * Whether the viewer sees a sealed rank: the seal is on, the viewer is not a contest admin, the
 * seal time has come, and either the contest is running or it does not unseal itself at the end.
 */
export function isSealedFor(user: AuthUser | null, c: ContestRow, t = now()): boolean {
  if (c.seal_rank !== 1 || isContestAdmin(user, c)) return false;
  const sealAt = c.seal_rank_time ?? c.start_time;
  if (t < sealAt) return false;
  return t < c.end_time || c.auto_real_rank !== 1;
}

/** The moment from which results are hidden, for this viewer (null = nothing hidden). */
export const sealFromFor = (user: AuthUser | null, c: ContestRow, t = now()) => (isSealedFor(user, c, t) ? c.seal_rank_time ?? c.start_time : null);
