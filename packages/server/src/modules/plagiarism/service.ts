import {
  MSG, PLAGIARISM_CLUSTER_MIN, formatMsg, type Locale, type PlagiarismClusterVo, type PlagiarismDecisionBody, type PlagiarismDecisionVo,
  type PlagiarismGroupVo, type PlagiarismPairDetailVo, type PlagiarismPairVo, type PlagiarismQuery, type PlagiarismReportVo, type PlagiarismScope,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { contestsChanged } from '../contest/repo.js';
import type { ContestRow } from '../contest/tables.js';
import type { FragmentTuple } from './detector.js';
import type { GroupRecord } from './runner.js';
import {
  clusterLinks, contestProblems, decisionsOf, findDecision, findJob, findPair, pairLanguages, pairPage, pairSubmissions, queueJob, recordDecision,
  usernames, type DecisionRow, type JobRow, type PairRow,
} from './repo.js';

type Problems = Map<number, { displayId: string; title: string }>;

const decisionVo = (d: DecisionRow | undefined): PlagiarismDecisionVo | null => (d ? {
  verdict: d.verdict === 'cheating' ? 'cheating' : 'cleared', exclude: d.exclude === 1, reason: d.reason, decidedBy: d.decided_by_name,
  decidedByUid: d.decided_by, decidedAt: Number(d.decided_at),
} : null);

const pairKey = (l: number, r: number) => `${l}|${r}`;

type PairFields = Pick<PairRow, 'left_submit_id' | 'right_submit_id' | 'left_uid' | 'right_uid' | 'pid' | 'language' | 'char_tokens' | 'similarity'
  | 'longest' | 'left_covered' | 'right_covered'>;

function pairVo(p: PairFields, names: Map<number, string>, problems: Problems, d: DecisionRow | undefined): PlagiarismPairVo {
  const prob = problems.get(p.pid);
  return {
    leftSubmitId: p.left_submit_id, rightSubmitId: p.right_submit_id, leftUid: p.left_uid, rightUid: p.right_uid,
    leftUsername: names.get(p.left_uid) ?? '', rightUsername: names.get(p.right_uid) ?? '', pid: p.pid, problem: prob?.displayId ?? String(p.pid),
    problemTitle: prob?.title ?? '', language: p.language, charTokens: p.char_tokens === 1, similarity: Number(p.similarity),
    longestFragment: p.longest, leftCovered: p.left_covered, rightCovered: p.right_covered, decision: decisionVo(d),
  };
}

/** A group's problem in the reader's language (older rows may hold plain text). */
function groupError(e: GroupRecord['error'] | string | undefined, locale: Locale): string | null {
  if (!e) return null;
  if (typeof e === 'string') return e;
  return formatMsg(MSG[e.key], locale, { n: e.n ?? 0, reason: e.reason ?? '' });
}

function groupsOf(job: JobRow, problems: Problems, locale: Locale): PlagiarismGroupVo[] {
  let list: GroupRecord[] = [];
  try {
    const v: unknown = JSON.parse(job.groups);
    if (Array.isArray(v)) list = v as GroupRecord[];
  } catch {
    // an unreadable record: no groups shown
  }
  return list.map((g) => ({
    pid: g.pid, problem: problems.get(g.pid)?.displayId ?? String(g.pid), language: g.language, charTokens: !!g.charTokens,
    submissions: g.submissions, pairs: g.pairs, error: groupError(g.error, locale),
  }));
}

/** Users of one problem and family linked (directly or through others) at or above the threshold; three or more make a cluster. */
function clustersOf(links: Awaited<ReturnType<typeof clusterLinks>>, names: Map<number, string>, problems: Problems): PlagiarismClusterVo[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const node = (group: string, uid: number) => {
    const k = `${group}#${uid}`;
    if (!parent.has(k)) parent.set(k, k);
    return k;
  };
  const submitOf = new Map<string, number>();
  for (const l of links) {
    const g = `${l.pid}|${l.language}`;
    const a = node(g, l.left_uid);
    const b = node(g, l.right_uid);
    submitOf.set(a, l.left_submit_id);
    submitOf.set(b, l.right_submit_id);
    parent.set(find(a), find(b));
  }
  const comps = new Map<string, { pid: number; language: string; uids: Set<number>; sims: number[] }>();
  for (const l of links) {
    const root = find(`${l.pid}|${l.language}#${l.left_uid}`);
    let c = comps.get(root);
    if (!c) comps.set(root, (c = { pid: l.pid, language: l.language, uids: new Set(), sims: [] }));
    c.uids.add(l.left_uid).add(l.right_uid);
    c.sims.push(Number(l.similarity));
  }
  return [...comps.values()].filter((c) => c.uids.size >= 3).map((c) => ({
    pid: c.pid, problem: problems.get(c.pid)?.displayId ?? String(c.pid), language: c.language,
    users: [...c.uids].sort((a, b) => a - b).map((uid) => ({ uid, username: names.get(uid) ?? '', submitId: submitOf.get(`${c.pid}|${c.language}#${uid}`) ?? 0 })),
    maxSimilarity: Math.max(...c.sims), minSimilarity: Math.min(...c.sims),
  })).sort((a, b) => b.users.length - a.users.length || b.maxSimilarity - a.maxSimilarity);
}

const emptyReport = (cid: number): PlagiarismReportVo => ({
  cid, status: 'none', progress: 0, scope: null, partial: false, warning: null, error: null, startedBy: null, createdAt: null, startedAt: null,
  finishedAt: null, total: 0, pairs: [], clusters: [], groups: [], unchecked: [], languages: [],
});

/** The contest's check as the results screen shows it: status, filtered pairs, clusters, groups. */
export async function plagiarismReport(ctx: AppContext, c: ContestRow, q: Partial<PlagiarismQuery> & { min: number; limit: number }, locale: Locale, withPairs = true): Promise<PlagiarismReportVo> {
  const job = await findJob(ctx.db, c.id);
  if (!job) return emptyReport(c.id);
  const problems = await contestProblems(ctx.db, c.id);
  let pid = q.pid;
  if (q.problem) pid = [...problems].find(([, p]) => p.displayId === q.problem)?.[0] ?? -1;
  const filter = { pid, language: q.language || undefined, min: q.min };
  const ready = withPairs && job.status === 'done';
  const [page, links, decisions, languages] = ready
    ? await Promise.all([
      pairPage(ctx.db, c.id, filter, q.limit),
      clusterLinks(ctx.db, c.id, { ...filter, min: Math.max(PLAGIARISM_CLUSTER_MIN, q.min) }),
      decisionsOf(ctx.db, c.id),
      pairLanguages(ctx.db, c.id),
    ])
    : [{ rows: [], total: 0 }, [], [], []];
  const names = await usernames(ctx.db, [...page.rows, ...links].flatMap((p) => [p.left_uid, p.right_uid]));
  const byKey = new Map(decisions.map((d) => [pairKey(d.left_submit_id, d.right_submit_id), d]));
  const groups = groupsOf(job, problems, locale);
  const partial = job.partial === 1;
  const status = job.status === 'queued' || job.status === 'running' || job.status === 'done' || job.status === 'failed' ? job.status : 'failed';
  return {
    cid: c.id, status, progress: Number(job.progress), scope: job.scope === 'final' ? 'final' : 'lastAccepted', partial,
    warning: partial ? formatMsg(MSG.plagiarismPartial, locale) : null, error: job.error, startedBy: job.created_by_name,
    createdAt: Number(job.created_at), startedAt: job.started_at == null ? null : Number(job.started_at),
    finishedAt: job.finished_at == null ? null : Number(job.finished_at),
    total: page.total, pairs: page.rows.map((p) => pairVo(p, names, problems, byKey.get(pairKey(p.left_submit_id, p.right_submit_id)))),
    clusters: clustersOf(links, names, problems), groups, unchecked: groups.filter((g) => g.error !== null), languages,
  };
}

/**
 * Starts a check (POST): queues the contest's job, or leaves the one queued or running alone and
 * answers it (one job per contest). The answer's message says which.
 */
export async function startCheck(ctx: AppContext, c: ContestRow, scope: PlagiarismScope, user: AuthUser, locale: Locale) {
  const { queued } = await queueJob(ctx.db, c, scope, { uid: user.uid, username: user.username });
  if (queued) ctx.services.plagiarism?.kick();
  const report = await plagiarismReport(ctx, c, { min: 1, limit: 1 }, locale, false);
  return { report, queued };
}

const ordered = (a: number, b: number) => (a < b ? [a, b] as const : [b, a] as const);

async function pairOf(ctx: AppContext, c: ContestRow, a: number, b: number): Promise<PairRow> {
  const [left, right] = ordered(a, b);
  const pair = await findPair(ctx.db, c.id, left, right);
  if (!pair) throw new AppError(404, 'plagiarismPairNotFound');
  return pair;
}

/** One pair side by side: both sources and the shared fragments as line ranges. */
export async function pairDetail(ctx: AppContext, c: ContestRow, a: number, b: number): Promise<PlagiarismPairDetailVo> {
  if (a === b) throw new AppError(400, 'plagiarismSamePair');
  const pair = await pairOf(ctx, c, a, b);
  const [subs, problems, names, decision] = await Promise.all([
    pairSubmissions(ctx.db, c.id, [pair.left_submit_id, pair.right_submit_id]),
    contestProblems(ctx.db, c.id),
    usernames(ctx.db, [pair.left_uid, pair.right_uid]),
    findDecision(ctx.db, c.id, pair.left_submit_id, pair.right_submit_id),
  ]);
  const side = (id: number) => {
    const s = subs.find((x) => x.id === id);
    if (!s) throw new AppError(404, 'plagiarismPairNotFound');
    return { submitId: s.id, uid: s.uid, username: names.get(s.uid) ?? s.username, language: s.language, code: s.code, submitTime: Number(s.submit_time), status: s.status };
  };
  let tuples: FragmentTuple[] = [];
  try {
    tuples = JSON.parse(pair.fragments) as FragmentTuple[];
  } catch {
    // no fragments shown
  }
  return {
    pair: pairVo(pair, names, problems, decision),
    left: side(pair.left_submit_id),
    right: side(pair.right_submit_id),
    fragments: tuples.map((f) => ({
      left: { startRow: f[0], endRow: f[1], startCol: f[2], endCol: f[3] },
      right: { startRow: f[4], endRow: f[5], startCol: f[6], endCol: f[7] },
    })),
  };
}

/** Records an admin's decision on a pair; "cheating" with exclude takes both users out of the rank (their rows marked with the reason). */
export async function decide(ctx: AppContext, c: ContestRow, user: AuthUser, body: PlagiarismDecisionBody): Promise<PlagiarismPairVo> {
  const pair = await pairOf(ctx, c, body.leftSubmitId, body.rightSubmitId);
  await recordDecision(ctx.db, pair, { verdict: body.verdict, exclude: body.exclude, reason: body.reason, by: { uid: user.uid, username: user.username } });
  // The rank's exclusions live on the contest row: cached rows and rank pages follow its stamp.
  await contestsChanged(ctx);
  const [problems, names, d] = await Promise.all([
    contestProblems(ctx.db, c.id), usernames(ctx.db, [pair.left_uid, pair.right_uid]), findDecision(ctx.db, c.id, pair.left_submit_id, pair.right_submit_id),
  ]);
  return pairVo(pair, names, problems, d);
}
