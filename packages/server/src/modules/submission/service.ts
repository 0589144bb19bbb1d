import crypto from 'node:crypto';
import { LANGUAGES, type LanguageInfo } from '@verdict/judge/languages';
import {
  JudgeStatus, MANUAL_JUDGE_STATUSES, canEnterAdmin, canSubmit, oiRankScore, type LanguageVo, type LastAcCode, type SubmissionVo,
  type SubmitProblemJudgeBody, type SubmitTestJudgeBody, type SwitchConfig, type TestJudgeVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { ProblemRow, ProblemVisibility, SubmissionRow } from './rows.js';
import type { AuthUser } from '../../http/auth.js';
import type { Stamps } from '../../http/stamps.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { claimKey, keyedSubmission, sweepKeys } from './idempotency.js';
import { noteSubmitted } from './problem-status.js';
import { userSeesProblem } from '../problem/access.js';
import { checkCaptcha } from '../account/codes.js';
import { writeSubmitAtOnce } from './write-at-once.js';
import { now } from '../../lib/time.js';
import { PRIORITY } from '../judge/queue.js';
import { TEST_RUN_TTL_MS, type JudgeResultEvent, type JudgeResultListener } from '../judge/service.js';

export type { ProblemRow, ProblemVisibility, SubmissionRow } from './rows.js';

/**
 * Contest rules the contest module plugs in (ctx.services.submission.setContestRules). Without
 * them, contest submissions are refused and contest rows are shown to owners and admins only.
 */
/** A contest's problem named by its contest display ID (HOJ's submit) or by the problem's id (test runs). */
export type ContestProblemRef = { displayId: string } | { pid: number };

/**
 * `stamps` in every rule: the request's (http/stamps.ts), under which the contest rows are cached;
 * without them each call reads the stamps again (a round trip per row of a list on PostgreSQL).
 */
export interface ContestSubmissionRules {
  /** May `user` submit this problem of contest `cid` now? Throw an AppError to refuse. */
  beforeSubmit(user: AuthUser, cid: number, problem: ContestProblemRef, stamps?: Promise<Stamps>): Promise<{ pid: number; cpid: number; displayPid: string; isVirtual?: boolean }>;
  /** May `user` see this contest submission (row, cases)? */
  canView(user: AuthUser | null, sub: SubmissionRow, stamps?: Promise<Stamps>): Promise<boolean>;
  /** May `user` see the verdict now (OI contests without real-time rank hide it)? */
  canSeeResult?(user: AuthUser | null, sub: SubmissionRow, stamps?: Promise<Stamps>): Promise<boolean>;
  /**
   * Which of the contest's submissions `user` may list (get-submission-list with contestID, the
   * contest's Submissions tab): throws when the user may not see the contest's list at all.
   */
  listScope?(user: AuthUser | null, cid: number, q: { beforeContestSubmit?: boolean; containsEnd?: boolean }, stamps?: Promise<Stamps>): Promise<ContestListScope>;
}

/** Bounds on a contest's submission list for one viewer (all times in ms). */
export interface ContestListScope {
  /** Only submissions at or after / before these times. */
  from?: number;
  before?: number;
  /** Inside the sealed window (from this time) only the viewer's own submissions. */
  sealedFrom?: number;
  viewerUid?: number;
}

/** Group rules the group module plugs in: who may submit to / see a group's problems. */
export interface GroupSubmissionRules {
  canSubmit(user: AuthUser, gid: number): Promise<boolean>;
  canView(user: AuthUser | null, gid: number): Promise<boolean>;
}

/** Training rules the training module plugs in: may `user` submit problem `pid` inside training `tid`? */
export interface TrainingSubmissionRules {
  beforeSubmit(user: AuthUser, tid: number, pid: number): Promise<void>;
}

/** Thrown inside the submitting transaction to roll it back: another submit owns the key. */
class KeyTaken extends Error {}

/**
 * HOJ's judge switches (JudgeValidator), for submissions and test runs: a group's problem asks
 * openGroupJudge, then a contest's openContestJudge, else openPublicJudge; admins are refused too.
 */
function checkJudgeOpen(sw: SwitchConfig, gid: number, inContest: boolean) {
  const closed = gid > 0 ? !sw.openGroupJudge && 'groupJudgeClosed' : inContest ? !sw.openContestJudge && 'contestJudgeClosed' : !sw.openPublicJudge && 'publicJudgeClosed';
  if (closed) throw new AppError(403, closed);
}

/** The contest a submission belongs to, as the contest rules resolved it (pid: the problem's id). */
export interface ContestContext { cid: number; pid: number; cpid: number; displayPid: string; /** A virtual run's submission (issue 30): is_virtual = 1. */ isVirtual?: boolean }

/** What a submit checks about its problem, read with the problem's row. */
interface SubmitFacts { hasData: boolean; languageListed: boolean; languageAllowed: boolean }

export const isAdminViewer = (user: AuthUser | null) => !!user && canEnterAdmin(user.roles);

/** Unfinished test runs a user may have at once. */
export const TEST_RUNS_WAITING_MAX = 3;

/** Problem auth of spec 03: 1 public, 2 private, 3 contest only. */
const PROBLEM_PUBLIC = 1;
const PROBLEM_CONTEST_ONLY = 3;

export class SubmissionService {
  contestRules: ContestSubmissionRules | null = null;
  groupRules: GroupSubmissionRules | null = null;
  trainingRules: TrainingSubmissionRules | null = null;

  constructor(private readonly ctx: AppContext) {}

  setContestRules(rules: ContestSubmissionRules) {
    this.contestRules = rules;
  }

  setGroupRules(rules: GroupSubmissionRules) {
    this.groupRules = rules;
  }

  setTrainingRules(rules: TrainingSubmissionRules) {
    this.trainingRules = rules;
  }

  /** Final verdicts (and rejudge resets) of submissions: the hook for incremental scoreboards. */
  onSubmissionJudged(listener: JudgeResultListener): () => void {
    return this.ctx.services.judge.onSubmissionJudged(listener);
  }

  // ---- languages -------------------------------------------------------------------------

  /** Registry languages with the availability live workers report, plus any live-only ones. */
  async languages(): Promise<LanguageVo[]> {
    const live = await this.ctx.services.judge.liveLanguages();
    const registry: LanguageInfo[] = LANGUAGES;
    const out: LanguageVo[] = registry.map((l) => ({
      id: l.id, name: l.name, description: l.description, compileCommand: l.compileCommand, template: l.template, codeTemplate: l.template,
      isSpj: l.isSpj, oj: 'ME', contentType: l.contentType, available: live.has(l.name), version: live.get(l.name)?.version ?? null,
    }));
    for (const [name, l] of live) {
      if (!registry.some((r) => r.name === name)) {
        out.push({
          id: null, name, description: name, compileCommand: '', template: '', codeTemplate: '', isSpj: false, oj: 'ME', contentType: 'text/plain',
          available: true, version: l.version ?? null,
        });
      }
    }
    return out;
  }

  /** Languages a problem accepts (all known ones when it lists none). */
  async problemLanguages(pid: number): Promise<LanguageVo[]> {
    const rows = await this.ctx.db.selectFrom('problem_language').select('language').where('pid', '=', pid).execute();
    const all = await this.languages();
    if (rows.length === 0) {
      const live = all.filter((l) => l.available);
      return live.length ? live : all;
    }
    const allowed = new Set(rows.map((r) => r.language));
    // A remote problem's languages are compiled on its home site: offered whatever our workers have.
    const remote = await this.ctx.db.selectFrom('problem').select('remote_oj').where('id', '=', pid).where('is_remote', '=', 1).executeTakeFirst();
    if (remote?.remote_oj) return all.filter((l) => allowed.has(l.name)).map((l) => ({ ...l, oj: remote.remote_oj!, available: true }));
    return all.filter((l) => allowed.has(l.name));
  }

  /**
   * Refuses a language the problem does not accept or nobody can judge. With no live worker at
   * all the submission is still accepted (queued until a worker connects). `live`: the languages
   * workers report (judge.liveLanguages()).
   */
  private checkLanguage(language: string, facts: SubmitFacts, live: Map<string, unknown>) {
    if (!LANGUAGES.some((l) => l.name === language) && !live.has(language)) throw badRequest('languageNotSupported');
    if (facts.languageListed && !facts.languageAllowed) throw badRequest('languageNotSupported');
    if (live.size > 0 && !live.has(language)) throw badRequest('languageUnavailable');
  }

  /** A remote problem: judged on its home site, which must be switched on and know the language. */
  private async checkRemote(p: ProblemRow, language: string) {
    const remote = this.ctx.services.remoteJudge;
    const oj = remote.siteOf(p.remote_oj ?? '', { needAdapter: false });
    await remote.requireEnabled(oj);
    const langs = await remote.remoteLanguages(p.id);
    if (!langs?.includes(language)) throw badRequest('languageNotSupported');
  }

  // ---- access ----------------------------------------------------------------------------

  /**
   * The problem with what a submit in `language` checks about it (test data, accepted languages),
   * in one read, beside the live language list (a read itself when its 2 s cache ran out): on a
   * contest day every round trip is one more wait on a busy machine.
   */
  private async loadProblem(by: { pid: number } | { problemId: string }, language: string): Promise<{ p: ProblemRow; facts: SubmitFacts; live: Map<string, unknown> }> {
    const [loaded, live] = await Promise.all([this.readProblem(by, language), this.ctx.services.judge.liveLanguages()]);
    return { ...loaded, live };
  }

  private async readProblem(by: { pid: number } | { problemId: string }, language: string): Promise<{ p: ProblemRow; facts: SubmitFacts }> {
    let q = this.ctx.db.selectFrom('problem').selectAll('problem').select((eb) => [
      eb.exists(eb.selectFrom('problem_case').select('problem_case.id').whereRef('problem_case.pid', '=', 'problem.id').where('problem_case.status', '=', 0)).as('has_data'),
      eb.exists(eb.selectFrom('problem_language').select('problem_language.pid').whereRef('problem_language.pid', '=', 'problem.id')).as('language_listed'),
      eb.exists(eb.selectFrom('problem_language').select('problem_language.pid').whereRef('problem_language.pid', '=', 'problem.id')
        .where('problem_language.language', '=', language)).as('language_allowed'),
    ]);
    q = 'pid' in by ? q.where('problem.id', '=', by.pid) : q.where('problem.problem_id', '=', by.problemId);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('problemNotFound');
    // EXISTS is 0/1 on SQLite and a boolean on PostgreSQL.
    const { has_data, language_listed, language_allowed, ...p } = row;
    return { p, facts: { hasData: !!Number(has_data), languageListed: !!Number(language_listed), languageAllowed: !!Number(language_allowed) } };
  }

  /** Outside contests: public problems, or the author and admins; group problems by group rules. */
  private async checkProblemAccess(user: AuthUser, p: ProblemRow, gid: number) {
    if (isAdminViewer(user) || p.author_uid === user.uid) return;
    if (p.gid > 0) {
      if (gid !== p.gid || !this.groupRules || !(await this.groupRules.canSubmit(user, p.gid))) throw forbidden('problemNoSubmitAccess');
      return;
    }
    if (p.auth !== PROBLEM_PUBLIC) throw forbidden(p.auth === PROBLEM_CONTEST_ONLY ? 'problemNoSubmitAccess' : 'problemNotFound');
  }

  private checkCanSubmit(user: AuthUser) {
    if (!canSubmit(user.roles)) throw forbidden('bannedSubmit');
  }

  // ---- submit ----------------------------------------------------------------------------

  /** The rules a submit must pass before it is written; returns what the write needs. */
  private async checkSubmit(user: AuthUser, body: SubmitProblemJudgeBody, given: ContestContext | null, stamps?: Promise<Stamps>) {
    // HOJ's `pid` is a display ID: the problem's own, or inside a contest the contest's ("A").
    // A caller that already applied the contest rules passes `contest` (the contest module's seam).
    let contest = given;
    const cid = contest?.cid ?? body.cid ?? 0;
    if (cid > 0 && !contest) {
      if (!this.contestRules) throw badRequest('contestSubmitClosed');
      contest = { cid, ...(await this.contestRules.beforeSubmit(user, cid, { displayId: body.pid }, stamps)) };
    }
    const { p, facts, live } = await this.loadProblem(contest ? { pid: contest.pid } : { problemId: body.pid }, body.language);
    if (!contest) await this.checkProblemAccess(user, p, body.gid ?? 0);
    // A submission inside a training counts for its progress: the training must let the user in.
    const tid = contest ? 0 : body.tid ?? 0;
    if (tid > 0) {
      if (!this.trainingRules) throw badRequest('trainingNotFound');
      await this.trainingRules.beforeSubmit(user, tid, p.id);
    }
    if (p.is_remote) await this.checkRemote(p, body.language);
    else {
      this.checkLanguage(body.language, facts, live);
      if (!facts.hasData) throw badRequest('problemNoTestData');
    }
    return { p, contest, tid };
  }

  /**
   * Submits code: checks the user, problem, language and the non-contest interval, then writes the
   * submission and its judge task together (one transaction; on PostgreSQL with no interval to
   * check, one statement: write-at-once.ts). The contest module passes `contest` after
   * its own checks; a route call with a cid asks the contest rules first.
   */
  async submit(
    user: AuthUser, body: SubmitProblemJudgeBody,
    opts: { ip?: string | null; contest?: ContestContext; idempotencyKey?: string | null; stamps?: Promise<Stamps> } = {},
  ): Promise<SubmissionRow> {
    this.checkCanSubmit(user);
    // A retry of a submit that committed: the first submission again, before any rule that the
    // first one itself would now trip (the submit interval, the per-minute captcha). Looked up
    // beside the checks (each a round trip a contest-day submit waits on), and preferred to them.
    const key = opts.idempotencyKey ?? null;
    const [replayed, checked] = await Promise.allSettled([key ? this.replay(user.uid, key) : null, this.checkSubmit(user, body, opts.contest ?? null, opts.stamps)]);
    if (replayed.status === 'rejected') throw replayed.reason;
    if (replayed.value) return replayed.value;
    if (checked.status === 'rejected') throw checked.reason;
    const { p, contest, tid } = checked.value;
    const sw = await this.ctx.services.siteConfig.switches();
    checkJudgeOpen(sw, p.gid > 0 ? p.gid : (body.gid ?? 0), !!contest);
    // Contest submissions have their own rules: the site's interval and captcha apply outside
    // contests (after the replay: a retry must not use up a captcha).
    let interval = 0;
    if (!contest) {
      if (!isAdminViewer(user) && sw.submitCaptchaPerMinute > 0) await this.checkBurst(user.uid, body, sw.submitCaptchaPerMinute);
      interval = Math.max(0, Number(sw.defaultSubmitInterval) || 0);
    }

    const t = now();
    const values = {
      pid: p.id, display_pid: contest?.displayPid ?? p.problem_id, uid: user.uid, username: user.username,
      cid: contest?.cid ?? 0, cpid: contest?.cpid ?? 0, gid: p.gid > 0 ? p.gid : (body.gid ?? 0), tid, is_virtual: contest?.isVirtual ? 1 : 0,
      status: JudgeStatus.PENDING, score: null, oi_rank_score: null, time: null, memory: null, length: body.code.length,
      language: body.language, code: body.code, share: 0, error_message: null, judger: null, is_manual: 0, case_done: 0, case_total: 0,
      ip: opts.ip ?? null, submit_time: t, judge_time: null, gmt_modified: t,
    };
    const priority = contest ? PRIORITY.contest : PRIORITY.normal;
    let row: SubmissionRow;
    try {
      // PostgreSQL with no interval to check first: one statement instead of a transaction.
      row = this.ctx.dbKind === 'postgres' && interval === 0
        ? await writeSubmitAtOnce(this.ctx, values, p, { key, priority, t }).then((r) => r ?? Promise.reject(new KeyTaken()))
        : await this.ctx.db.transaction().execute(async (trx) => {
          if (interval > 0) await this.checkInterval(trx, user.uid, interval);
          const sub = await trx.insertInto('submission').values(values).returningAll().executeTakeFirstOrThrow();
          // The key right after the row (PostgreSQL: a concurrent submit with it waits here). Taken
          // by a committed submit: this one is rolled back and answers that one.
          if (key && !(await claimKey(trx, user.uid, key, t, sub.id))) throw new KeyTaken();
          await noteSubmitted(trx, { uid: sub.uid, pid: sub.pid, cid: sub.cid, gid: sub.gid }, sub.id);
          await this.ctx.services.judge.enqueueNewSubmission(trx, sub.id, priority, p);
          return sub;
        });
    } catch (err) {
      // A submit with this key committed meanwhile: its submission is the answer, whatever this
      // one tripped over (the key itself, or the interval that the first one has just started).
      const first = key ? await this.replay(user.uid, key) : null;
      if (first) return first;
      throw err instanceof KeyTaken ? new AppError(409, 'idempotencyKeyBusy') : err;
    }
    this.ctx.services.judge.queue.notify();
    if (key) await sweepKeys(this.ctx.db, row.submit_time);
    return row;
  }

  /**
   * The submission a submit with this key made, as that submit answered it (Pending, no verdict):
   * a retry gets the same answer, and an OI contest's hidden verdict is not told early.
   */
  private async replay(uid: number, key: string): Promise<SubmissionRow | null> {
    const id = await keyedSubmission(this.ctx.db, uid, key, now());
    if (id === null) return null;
    const sub = await this.ctx.db.selectFrom('submission').selectAll().where('id', '=', id).executeTakeFirst();
    if (!sub || sub.uid !== uid) return null;
    return {
      ...sub, status: JudgeStatus.PENDING, score: null, oi_rank_score: null, time: null, memory: null, share: 0, error_message: null,
      judger: null, is_manual: 0, case_done: 0, case_total: 0, judge_time: null, gmt_modified: sub.submit_time,
    };
  }

  /**
   * Minimum seconds between two non-contest submissions of a user. On PostgreSQL the user's row
   * is locked first so two simultaneous submits cannot both pass; SQLite transactions are serial.
   */
  private async checkInterval(trx: Db, uid: number, seconds: number) {
    if (this.ctx.dbKind === 'postgres') await trx.selectFrom('user').select('id').where('id', '=', uid).forUpdate().execute();
    const last = await trx.selectFrom('submission').select('submit_time').where('uid', '=', uid).where('cid', '=', 0)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!last) return;
    const waitMs = last.submit_time + seconds * 1000 - now();
    if (waitMs > 0) throw badRequest('submitTooFast', { s: Math.ceil(waitMs / 1000) });
  }

  /**
   * Scripts that hammer the judge: after `perMinute` non-contest submissions within a minute the
   * next one needs a captcha (spec 01 §5 "a captcha code is sent only when a captcha is
   * required"). The error carries data.needCaptcha so the editor shows one; a wrong captcha is
   * used up and a new one is asked for. Admins and contest submissions are never asked.
   */
  private async checkBurst(uid: number, body: SubmitProblemJudgeBody, perMinute: number) {
    const since = now() - 60_000;
    const recent = await this.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uid', '=', uid).where('cid', '=', 0).where('submit_time', '>', since).executeTakeFirstOrThrow();
    if (Number(recent.n) < perMinute) return;
    if (!body.captcha || !body.captchaKey) throw new AppError(400, 'submitCaptchaNeeded', {}, { needCaptcha: true });
    try {
      await checkCaptcha(this.ctx, body.captchaKey, body.captcha);
    } catch {
      throw new AppError(400, 'captchaWrong', {}, { needCaptcha: true });
    }
  }

  /** Resubmit of spec 01 §4: only a Submitted Failed row, by its owner or an admin. */
  async resubmit(user: AuthUser, submitId: number): Promise<SubmissionRow> {
    const sub = await this.get(submitId);
    if (sub.uid !== user.uid && !isAdminViewer(user)) throw forbidden();
    if (sub.status !== JudgeStatus.SUBMITTED_FAILED) throw badRequest('resubmitNotFailed');
    await this.ctx.services.judge.rejudge(submitId);
    return this.get(submitId);
  }

  // ---- test runs -------------------------------------------------------------------------

  /** Online Test: custom input through the judge, kept for a short while, never a submission. */
  async submitTestRun(user: AuthUser, body: SubmitTestJudgeBody): Promise<string> {
    this.checkCanSubmit(user);
    // HOJ's test run names the problem by its id (a number), in a contest too.
    const { p, facts, live } = await this.loadProblem({ pid: body.pid }, body.language);
    const inContest = (body.cid ?? 0) > 0;
    checkJudgeOpen(await this.ctx.services.siteConfig.switches(), p.gid > 0 ? p.gid : (body.gid ?? 0), inContest);
    if (inContest) {
      if (!this.contestRules) throw badRequest('contestSubmitClosed');
      await this.contestRules.beforeSubmit(user, body.cid!, { pid: p.id });
    } else {
      await this.checkProblemAccess(user, p, body.gid ?? 0);
    }
    this.checkLanguage(body.language, facts, live);
    // Test runs jump the queue beside contest submissions: a user may have only a few waiting.
    const waiting = await this.ctx.db.selectFrom('test_run').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', user.uid)
      .where('status', 'in', [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]).executeTakeFirst();
    if (Number(waiting?.n ?? 0) >= TEST_RUNS_WAITING_MAX) throw badRequest('testRunTooMany', { n: TEST_RUNS_WAITING_MAX });
    const key = crypto.randomBytes(16).toString('hex');
    const t = now();
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('test_run').values({
        key, uid: user.uid, pid: p.id, language: body.language, code: body.code, user_input: body.userInput ?? '',
        expected_output: body.expectedOutput ?? null, status: JudgeStatus.PENDING, result: null, created_at: t, expires_at: t + TEST_RUN_TTL_MS,
      }).execute();
      await this.ctx.services.judge.enqueueTestRun(trx, key);
    });
    this.ctx.services.judge.queue.notify();
    return key;
  }

  /** The test-run result of spec 01 §3, for its owner. */
  async testRunResult(user: AuthUser, key: string): Promise<TestJudgeVo> {
    const run = await this.ctx.db.selectFrom('test_run').selectAll().where('key', '=', key).executeTakeFirst();
    if (!run || run.uid !== user.uid) throw notFound('testRunNotFound');
    let r: Record<string, unknown>;
    try { r = run.result ? JSON.parse(run.result) : {}; } catch { r = {}; }
    return {
      status: run.status,
      problemJudgeMode: (r.problemJudgeMode as string) ?? 'default',
      time: (r.time as number) ?? null,
      memory: (r.memory as number) ?? null,
      stderr: (r.stderr as string) ?? null,
      userInput: run.user_input,
      expectedOutput: run.expected_output,
      userOutput: (r.userOutput as string) ?? null,
    };
  }

  // ---- reading ---------------------------------------------------------------------------

  /** What the language list of a problem checks its visibility with (undefined: no such problem). */
  problemVisibility(pid: number) {
    return this.ctx.db.selectFrom('problem').select(['id', 'auth', 'gid', 'author_uid']).where('id', '=', pid).executeTakeFirst();
  }

  /** What a submission's detail shows of its problem: the title, code sharing and its visibility. */
  detailProblem(pid: number) {
    return this.ctx.db.selectFrom('problem').select(['title', 'code_share', 'auth', 'gid', 'author_uid']).where('id', '=', pid).executeTakeFirst();
  }

  async get(submitId: number): Promise<SubmissionRow> {
    const sub = await this.ctx.db.selectFrom('submission').selectAll().where('id', '=', submitId).executeTakeFirst();
    if (!sub) throw notFound('submissionNotFound');
    return sub;
  }

  /**
   * Spec 01 §6 for the row itself: contest rows follow the contest's rules; others follow their
   * problem's (a private problem's submissions are not anybody's to read), then their group's.
   * The author and admins always may. `stamps`: the request's; `problem`: the row's problem when
   * the caller read it already (null: there is none).
   */
  async canViewSubmission(user: AuthUser | null, sub: SubmissionRow, stamps?: Promise<Stamps>, problem?: ProblemVisibility | null): Promise<boolean> {
    if (user && (user.uid === sub.uid || isAdminViewer(user))) return true;
    if (sub.cid !== 0) return this.contestRules ? this.contestRules.canView(user, sub, stamps) : false;
    const p = problem !== undefined ? problem : await this.ctx.db.selectFrom('problem').select(['auth', 'gid', 'author_uid']).where('id', '=', sub.pid).executeTakeFirst();
    if (!p || !(await userSeesProblem(this.ctx, user, p))) return false;
    if (sub.gid !== 0) return this.groupRules ? this.groupRules.canView(user, sub.gid) : false;
    return true;
  }

  /**
   * Spec 01 §6 for the code: shared with sharing allowed on the problem, or the owner, or any admin
   * role, or a contest submission the viewer may see (canViewSubmission already checked that).
   */
  canViewCode(user: AuthUser | null, sub: SubmissionRow, problemCodeShare: boolean, hideNonContestCode = false): boolean {
    if (user && (user.uid === sub.uid || isAdminViewer(user))) return true;
    if (sub.cid !== 0) return true;
    // The hideNonContestSubmissionCode switch: a shared non-contest submission's code stays hidden from others.
    return sub.share === 1 && problemCodeShare && !hideNonContestCode;
  }

  /** Whether the verdict may be shown (OI contests without real-time rank hide it from others). `stamps`: the request's. */
  async canSeeResult(user: AuthUser | null, sub: SubmissionRow, stamps?: Promise<Stamps>): Promise<boolean> {
    if (sub.cid === 0 || isAdminViewer(user)) return true;
    return this.contestRules?.canSeeResult ? this.contestRules.canSeeResult(user, sub, stamps) : true;
  }

  /** The owner's most recent Accepted code on a problem (in the contest when cid is given). */
  async lastAcceptedCode(user: AuthUser, pid: number, cid: number): Promise<LastAcCode> {
    const row = await this.ctx.db.selectFrom('submission').select(['code', 'language']).where('uid', '=', user.uid).where('pid', '=', pid)
      .where('cid', '=', cid).where('status', '=', JudgeStatus.ACCEPTED).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!row) throw badRequest('noAcCode');
    return { code: row.code, language: row.language };
  }

  /** Share / unshare of spec 01 §6: the owner only, never for contest submissions. */
  async setShare(user: AuthUser, submitId: number, share: boolean) {
    const sub = await this.get(submitId);
    if (sub.uid !== user.uid) throw forbidden('notShareOwner');
    if (sub.cid !== 0) throw badRequest('contestNoShare');
    if (share) {
      const p = await this.ctx.db.selectFrom('problem').select('code_share').where('id', '=', sub.pid).executeTakeFirst();
      if (!p || p.code_share !== 1) throw badRequest('shareDisabled');
    }
    await this.ctx.db.updateTable('submission').set({ share: share ? 1 : 0, gmt_modified: now() }).where('id', '=', submitId).execute();
  }

  // ---- super admin -----------------------------------------------------------------------

  async rejudge(submitId: number): Promise<SubmissionRow> {
    await this.get(submitId);
    await this.ctx.services.judge.rejudge(submitId);
    return this.get(submitId);
  }

  /**
   * Manual judge of spec 01 §4: only the listed statuses; a score when the submission already has
   * one; never on a submission that is Pending, Compiling, Judging or a Compile Error.
   */
  async manualJudge(submitId: number, status: number, score: number | null | undefined): Promise<SubmissionRow> {
    if (!MANUAL_JUDGE_STATUSES.includes(status)) throw badRequest('manualJudgeStatusInvalid');
    const sub = await this.get(submitId);
    if (sub.status === JudgeStatus.PENDING) throw badRequest('manualJudgePending');
    if ([JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.COMPILE_ERROR].includes(sub.status as 6)) throw badRequest('manualJudgeDisabled');
    const needsScore = sub.score !== null || sub.status === JudgeStatus.CANCELLED;
    if (needsScore && (score === null || score === undefined)) throw badRequest('manualJudgeScoreRequired');
    const p = await this.ctx.db.selectFrom('problem').select(['type', 'difficulty']).where('id', '=', sub.pid).executeTakeFirst();
    const newScore = score ?? null;
    return this.writeVerdict(sub, {
      status, score: newScore, is_manual: 1,
      oi_rank_score: p?.type === 1 && newScore !== null ? oiRankScore(newScore, p.difficulty) : null,
    }, 'manual');
  }

  /** Cancel of spec 01 §4: status Cancelled, marked manual; an unfinished task is dropped. */
  async cancel(submitId: number): Promise<SubmissionRow> {
    const sub = await this.get(submitId);
    if (sub.status === JudgeStatus.CANCELLED) throw badRequest('cancelJudgeDisabled');
    return this.writeVerdict(sub, { status: JudgeStatus.CANCELLED, is_manual: 1 }, 'cancel');
  }

  private async writeVerdict(sub: SubmissionRow, set: Partial<Pick<SubmissionRow, 'status' | 'score' | 'is_manual' | 'oi_rank_score'>>, source: JudgeResultEvent['source']) {
    const judge = this.ctx.services.judge;
    const written = await this.ctx.db.transaction().execute(async (trx) => {
      // A worker still holding the task must not overwrite the admin's verdict.
      await judge.queue.cancel(trx, 'submission', sub.id);
      await judge.queue.cancel(trx, 'remote', sub.id);
      await trx.updateTable('submission').set({ ...set, judge_time: now(), gmt_modified: now() }).where('id', '=', sub.id).execute();
      await judge.refreshAccept(trx, sub.uid, sub.pid, sub.cid, sub.gid);
      const e: JudgeResultEvent = {
        submitId: sub.id, uid: sub.uid, pid: sub.pid, cid: sub.cid, gid: sub.gid, status: set.status ?? sub.status, score: null, time: null, memory: null, source,
      };
      await judge.verdictWritten(trx, e);
      return e;
    });
    judge.committed();
    const row = await this.get(sub.id);
    await judge.emitResult({
      submitId: row.id, uid: row.uid, pid: row.pid, cid: row.cid, gid: row.gid, status: row.status, score: row.score, time: row.time, memory: row.memory, source,
      submitTime: row.submit_time, rankVer: written.rankVer,
    });
    return row;
  }
}

/** Submission entity of spec 01 §3 (code only when visible). */
export function toSubmissionVo(s: Omit<SubmissionRow, 'code'> & { code?: string }, title: string | null, code: string | null): SubmissionVo {
  return {
    submitId: s.id, pid: s.pid, displayPid: s.display_pid, displayId: s.cid ? s.display_pid : null, cid: s.cid, gid: s.gid, tid: s.tid,
    uid: s.uid, username: s.username, title, status: s.status, score: s.score, oiRankScore: s.oi_rank_score,
    time: s.time, memory: s.memory, length: s.length, language: s.language, judger: s.judger, isManual: s.is_manual === 1,
    submitTime: s.submit_time, judgeTime: s.judge_time, code, share: s.share === 1, errorMessage: s.error_message,
    caseDone: s.case_done, caseTotal: s.case_total, caseCurrent: s.case_current,
  };
}

/** A verdict hidden from the viewer (OI contest without real-time rank): shown as Submitted Unknown Result. */
export function hideResult<T extends { status: number; score: number | null; time: number | null; memory: number | null }>(vo: T): T {
  return { ...vo, status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null, time: null, memory: null };
}
