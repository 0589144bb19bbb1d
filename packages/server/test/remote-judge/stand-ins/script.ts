/**
 * What the stand-ins share: which verdict a submitted source asks for (a `VERDICT:XX` marker in
 * the code, so a test picks each final verdict), runs that move one state further each time a
 * status page shows them, and a driver that polls an adapter until the run is final.
 */
import type { JudgeStatusCode } from '@verdict/shared';
import { RemoteJudgeError, type RemoteAccount, type RemoteJudgeAdapter, type RemoteStatus, type SiteHttp } from '../../../src/modules/remote-judge/adapter.js';

export const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'PE'] as const;
export type Verdict = (typeof VERDICTS)[number];

export function verdictOf(code: string): Verdict {
  const m = /VERDICT:([A-Z]+)/.exec(code);
  return m && (VERDICTS as readonly string[]).includes(m[1]) ? (m[1] as Verdict) : 'AC';
}

/** A run on a stand-in: the states it will show, one more each time it is looked at. */
export interface Run {
  id: number;
  user: string;
  problem: string;
  language: string;
  code: string;
  verdict: Verdict;
  steps: string[];
  seen: number;
  submittedAt: Date;
}

/**
 * The state now shown; with `advance` the run moves to its next state for the following look
 * (the stand-ins advance on the look-ups of one run, not on the lists searched right after submit,
 * so a test sees every intermediate state).
 */
export function look(run: Run, advance = true): { state: string; final: boolean } {
  const i = Math.min(run.seen, run.steps.length - 1);
  if (advance) run.seen++;
  return { state: run.steps[i], final: i === run.steps.length - 1 };
}

/** Polls `status` until the run is final; returns every status code seen, in order, and the last answer. */
export async function followRun(adapter: RemoteJudgeAdapter, http: SiteHttp, account: RemoteAccount, sub: { problemId: string; runId: string }) {
  const seen: JudgeStatusCode[] = [];
  for (let i = 0; i < 30; i++) {
    const s: RemoteStatus = await adapter.status(http, account, sub);
    if (seen[seen.length - 1] !== s.status) seen.push(s.status);
    if (s.final) return { seen, last: s };
  }
  throw new Error(`run ${sub.runId} never became final`);
}

/** The kind of the RemoteJudgeError a promise rejects with ('ok' when it resolves). */
export async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof RemoteJudgeError ? e.kind : `other: ${String(e)}`;
  }
}

/** A base URL where nothing listens (a port just released). */
export async function deadUrl(): Promise<string> {
  const net = await import('node:net');
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
