import { readFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { JudgeStatus, type TaskProblem } from '@verdict/shared';
import { findLanguage, languageEnv, type LanguageDef } from '../languages/registry.js';
import { boxes } from '../sandbox/box.js';
import type { PipePair, RunQueue, RunResult, Sandbox, SandboxFactory } from '../sandbox/types.js';
import { ArtefactCache, artefactCache, artefactNames } from './artefact-cache.js';
import { builtinChecker, compareDefault } from './compare.js';
import { parseCheckerResult, parseHustojResult } from './checker-result.js';
import { precompiled } from './precompiled.js';
import { CASE_OUTPUT_KEEP, COMPILE_OUTPUT_KEEP, compileLimits, RUN_OUTPUT_BYTES, runLimits, type RunLimits } from './limits.js';
import { signalName } from './signals.js';

export interface CompileOutcome {
  ok: boolean;
  message: string;
  /** CPU time of the compile that decided (0 for languages without a compile step). */
  cpuMs?: number;
  /** The compile that decided used a precompiled input (a PCH, a class archive: judge/precompiled.ts). */
  precompiled?: boolean;
}

export interface CaseRun {
  status: number;
  timeMs: number;
  memoryKb: number;
  /** Fraction of the case score earned. */
  fraction: number;
  userOutput: string | null;
  message: string | null;
  /** Set while a run starved (box.ts, RunResult.starved): runCase runs the case again. */
  starved?: boolean;
}

export interface CaseFiles { inputPath: string; answerPath: string }

const MiB = 1 << 20;
const SIGPIPE = 13;
/**
 * A runtime's own out-of-memory message means Memory Limit Exceeded only when the measured peak
 * reached this share of the limit, or when the message says the runtime's own cap, which the judge
 * sets to the limit (-Xmx heap, PHP memory_limit, Node's heap), was hit. Otherwise the runtime
 * refused one request (a capacity error, e.g. C#'s OutOfMemoryException for a huge array): a
 * Runtime Error with the message.
 */
export const OOM_NEAR_LIMIT = 0.8;
/** An interactive pair that used less CPU than this (and waited no longer for one) over a whole time limit is idle (deadlocked). */
const IDLE_CPU_US = 5_000;
const IDLE_POLL_MS = 50;

const ERRNO_NAMES = new Map<number, string>(Object.entries(osConstants.errno).map(([name, n]) => [n as number, name]));
const errnoName = (e: number | null) => (e === null ? 'unknown error' : ERRNO_NAMES.get(e) ?? `errno ${e}`);
const CHECKER_CPU_MS = 10_000;
const CHECKER_MEMORY_MB = 512;
/**
 * A run that starved (the machine too busy to give it CPU for several times its wall limit) is run
 * again after each of these pauses; one that still starves is a System Error, never a TLE of a
 * program that used less CPU than its limit.
 */
export const STARVED_PAUSES_MS = [2_000, 10_000];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const starvedMessage = (what: string, r: RunResult) =>
  `The judge machine was too busy: the ${what} waited ${(r.cpuWaitMs / 1000).toFixed(1)} s for a CPU and used ${r.cpuMs} ms. Rejudge it when the judge is less busy.`;

/** `run` again after each of STARVED_PAUSES_MS while its result starved; the last result otherwise. */
async function unlessStarved<T extends { starved?: boolean }>(run: () => Promise<T>): Promise<T> {
  let r = await run();
  for (const ms of STARVED_PAUSES_MS) {
    if (!r.starved) break;
    await pause(ms);
    r = await run();
  }
  return r;
}

/** Up to `limit` bytes of a file of the sandbox as text ('' when missing). */
const readKept = (box: Sandbox, name: string, limit: number) => box.readFile(name, limit)?.toString('utf8') ?? '';

/** Puts the extra files and the source into the box (plain names only: the sandbox checks them). */
function writeSources(box: Sandbox, lang: LanguageDef, code: string, extraFiles: Record<string, string>, what: string): void {
  for (const [name, content] of Object.entries(extraFiles)) box.writeFile(name, content, what);
  box.writeFile(lang.sourceName, code);
}

/** Why a compile that succeeded left nothing runnable (the submitted code's fault: Compile Error), or null. */
function artefactProblem(box: Sandbox, lang: LanguageDef): string | null {
  if (!lang.exeName) return null;
  const hint = lang.artefactHint ? ` (${lang.artefactHint})` : '';
  const st = box.fileInfo(lang.exeName);
  if (!st) return `The compiler produced no ${lang.exeName}${hint}`;
  if (!st.isFile) return `${lang.exeName} is not a regular file${hint}`;
  // Run directly (not through java/mono): it must be a program the kernel can start.
  if (lang.run({ memoryMb: 1, stackMb: 1 })[0] !== `/w/${lang.exeName}`) return null;
  const magic = box.readFile(lang.exeName, 4)?.toString('latin1') ?? '';
  if (!(st.mode & 0o111) || (magic !== '\x7fELF' && !magic.startsWith('#!'))) return `The compiler produced ${lang.exeName}, but it is not an executable program${hint}`;
  return null;
}

/**
 * Compiles `code` in `box`; the compiler runs sandboxed like any untrusted program. A C++ source that
 * includes `bits/stdc++.h` compiles against the precompiled header when it is ready (precompiled.ts; Java with its compiler's class archive); only a
 * success counts from there: anything else is decided by a plain compile, so messages and verdicts
 * are those of a plain compile (gcc's include chain differs with a PCH, and an unreadable PCH fails).
 */
export async function compileInBox(box: Sandbox, lang: LanguageDef, code: string, extraFiles: Record<string, string> = {}, judgeSide = false): Promise<CompileOutcome> {
  writeSources(box, lang, code, extraFiles, judgeSide ? 'judge extra file' : 'user extra file');
  if (!lang.compile) return { ok: true, message: '', cpuMs: 0, precompiled: false };
  const fast = precompiled().compileArgv(lang, code);
  if (fast) {
    const r = await compileOnce(box, lang, fast, judgeSide);
    if (r.ok) return { ...r, precompiled: true };
  }
  return compileOnce(box, lang, lang.compile, judgeSide);
}

async function compileOnce(box: Sandbox, lang: LanguageDef, argv: string[], judgeSide: boolean): Promise<CompileOutcome> {
  const lim = compileLimits(lang, judgeSide);
  const r = await unlessStarved(() => box.run({
    argv, env: languageEnv(lang), stdin: null, stdout: '/w/.compile', stderr: '/w/.compile',
    cpuMs: lim.cpuMs, wallMs: lim.wallMs, memoryBytes: lim.memoryBytes, outputBytes: lim.outputBytes, pids: lim.pids,
    stackBytes: null, nofile: 256,
  }));
  if (r.starved) throw new Error(starvedMessage('compiler', r));
  let message = readKept(box, '.compile', COMPILE_OUTPUT_KEEP);
  box.remove('.compile');
  await box.clearTmp();
  const extra: Record<string, string> = {
    tle: `Compilation time limit exceeded (${lim.cpuMs / 1000} s)`,
    mle: `Compiler memory limit exceeded (${lim.memoryBytes / MiB} MiB)`,
    ole: 'Compiler output too large',
    failed: 'The compiler could not be started',
  };
  if (r.outcome !== 'ok' && r.outcome !== 're') message = `${message}\n${extra[r.outcome]}`.trim();
  const done = { cpuMs: r.cpuMs, precompiled: false };
  if (r.outcome !== 'ok') {
    if (message.trim() === '') message = r.signal !== null ? `Compiler killed by ${signalName(r.signal)}` : `Compiler exited with code ${r.exitCode}`;
    return { ok: false, message, ...done };
  }
  const missing = artefactProblem(box, lang);
  return missing ? { ok: false, message: [message.trim(), missing].filter(Boolean).join('\n'), ...done } : { ok: true, message, ...done };
}

/**
 * Everything one submission needs: a box for the user's program (compiled once, reused for every
 * case), and for special judges / interactive problems a second box, under another uid, for the
 * checker or interactor.
 */
export class JudgeSession {
  private baseline = new Set<string>();
  private checker: LanguageDef | null = null;
  private builtin: ReturnType<typeof builtinChecker> = null;
  readonly limits: RunLimits;

  private constructor(
    readonly lang: LanguageDef,
    readonly problem: TaskProblem,
    readonly userBox: Sandbox,
    readonly judgeBox: Sandbox | null,
    private readonly pipes: PipePair | null,
  ) {
    this.limits = runLimits(lang, problem);
  }

  /** `sandboxes`: where programs run (bubblewrap boxes unless a test gives its own). */
  static async open(lang: LanguageDef, problem: TaskProblem, sandboxes: SandboxFactory = boxes()): Promise<JudgeSession> {
    const interactive = problem.judgeMode === 'interactive';
    const needsJudgeBox = interactive || (problem.judgeMode === 'spj' && problem.spjLanguage !== 'Builtin');
    const pipes = interactive ? sandboxes.pipes() : null;
    const binds = [precompiled().bind(), ...(pipes ? [pipes.bind] : [])];
    let userBox: Sandbox | null = null;
    let judgeBox: Sandbox | null = null;
    try {
      userBox = await sandboxes.open({ binds });
      if (needsJudgeBox) judgeBox = await sandboxes.open({ binds });
    } catch (e) {
      await userBox?.close();
      pipes?.remove();
      throw e;
    }
    return new JudgeSession(lang, problem, userBox, judgeBox, pipes);
  }

  async compileUser(code: string): Promise<CompileOutcome> {
    const r = await compileInBox(this.userBox, this.lang, code, this.problem.userExtraFiles ?? {});
    this.baseline = new Set(this.userBox.list());
    return r;
  }

  /**
   * Compiles the checker / interactor, or takes it from the worker's artefact cache (compiled once
   * per source, extra files, language and compiler version); a failure is the problem's fault (System Error).
   */
  async prepareChecker(): Promise<CompileOutcome> {
    const p = this.problem;
    if (p.judgeMode === 'default') return { ok: true, message: '' };
    if (p.judgeMode === 'spj' && p.spjLanguage === 'Builtin') {
      this.builtin = builtinChecker(p.spjCode ?? '');
      return this.builtin ? { ok: true, message: '' } : { ok: false, message: `unknown built-in checker "${p.spjCode}"` };
    }
    const lang = p.spjLanguage ? findLanguage(p.spjLanguage) : undefined;
    if (!lang || !p.spjCode) return { ok: false, message: `no ${p.judgeMode === 'spj' ? 'checker' : 'interactor'} code or unknown language "${p.spjLanguage}"` };
    const jb = this.judgeBox!;
    const code = p.spjCode;
    const extra = p.judgeExtraFiles ?? {};
    const cache = artefactCache();
    const key = ArtefactCache.key(lang, code, extra);
    const r = await cache.obtain(key, async () => ({
      ...(await compileInBox(jb, lang, code, extra, true)), box: jb, files: artefactNames(jb, lang),
    }));
    if (!r.compiledHere) {
      // Extra files stay beside the checker: it may read them (or import them) when it runs.
      writeSources(jb, lang, code, extra, 'judge extra file');
      if (r.ok) cache.install(key, r, jb);
    }
    if (r.ok) this.checker = lang;
    return { ok: r.ok, message: r.message };
  }

  /** Removes what the previous case left in the work dir and /tmp. */
  private async resetUserBox(): Promise<void> {
    // Names the program made itself come from readdir (one component each) and may be anything a
    // plain-name check refuses ("-x", control characters): they are removed, never judged.
    for (const name of this.userBox.list()) if (!this.baseline.has(name)) this.userBox.remove(name);
    await this.userBox.clearTmp();
  }

  private userRunSpec(extra: { stdin: string | null; stdout: string | null; stderr: string | null; stdoutFirst?: boolean }) {
    const lim = this.limits;
    return {
      argv: this.lang.run({ memoryMb: lim.memoryMb, stackMb: lim.stackMb }), env: languageEnv(this.lang),
      cpuMs: lim.cpuMs, wallMs: lim.wallMs, memoryBytes: lim.cgroupBytes, stackBytes: lim.stackMb * MiB,
      outputBytes: RUN_OUTPUT_BYTES, pids: lim.pids, addressSpaceBytes: lim.addressSpaceBytes, ...extra,
    };
  }

  /** Verdict of a run that did not end normally, or null when its output should be checked. */
  private limitVerdict(r: RunResult): CaseRun | null {
    const base = { timeMs: Math.min(r.cpuMs, this.limits.cpuMs + 1), memoryKb: r.memoryKb, fraction: 0, userOutput: null };
    if (r.outcome === 'ok') return null;
    if (r.starved) return { ...base, status: JudgeStatus.SYSTEM_ERROR, message: starvedMessage('program', r), starved: true };
    if (r.outcome === 'tle') return { ...base, timeMs: Math.max(r.cpuMs, this.limits.cpuMs), status: JudgeStatus.TIME_LIMIT_EXCEEDED, message: null };
    if (r.outcome === 'mle') return { ...base, status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, message: null };
    if (r.outcome === 'ole') return { ...base, status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' };
    // The compile step checked the program; one that still cannot start is the submission's fault.
    if (r.outcome === 'failed') return { ...base, status: JudgeStatus.RUNTIME_ERROR, message: `the program could not be started (${errnoName(r.startErrno)})` };
    const stderr = readKept(this.userBox, '.stderr', 4096);
    let message = r.signal !== null ? signalName(r.signal) : `exit code ${r.exitCode}`;
    if (this.lang.oomPattern?.test(stderr)) {
      const nearLimit = r.memoryKb >= OOM_NEAR_LIMIT * this.limits.memoryMb * 1024;
      // Without cgroups RLIMIT_AS is the memory limit: a refused allocation is that cap being hit.
      const addressSpaceCap = !this.userBox.cgroupLimits && this.limits.addressSpaceBytes !== null;
      if (nearLimit || addressSpaceCap || this.lang.limitOomPattern?.test(stderr)) return { ...base, status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, message: null };
      message += `, out-of-memory error at ${Math.round(r.memoryKb / 1024)} MB of the ${this.limits.memoryMb} MB limit`;
    }
    return { ...base, status: JudgeStatus.RUNTIME_ERROR, message: stderr.trim() ? `${message}\n${stderr.trim().slice(0, 900)}` : message };
  }

  /** Runs one case; `keep` bytes of the user's output are returned (1 KiB for case results). */
  async runCase(files: CaseFiles, keep = CASE_OUTPUT_KEEP): Promise<CaseRun> {
    const run = await unlessStarved(() => (this.problem.judgeMode === 'interactive' ? this.runInteractiveCase(files) : this.runPlainCase(files, keep)));
    delete run.starved;
    return run;
  }

  private async runPlainCase(files: CaseFiles, keep: number): Promise<CaseRun> {
    await this.resetUserBox();
    const p = this.problem;
    const box = this.userBox;
    const fileIO = p.isFileIO && p.ioReadFileName && p.ioWriteFileName;
    if (fileIO) box.linkIn(files.inputPath, p.ioReadFileName!, 'file-IO input name');
    else box.linkIn(files.inputPath, '.stdin');
    const r = await box.run(this.userRunSpec({ stdin: fileIO ? null : '/w/.stdin', stdout: '/w/.stdout', stderr: '/w/.stderr' }));
    const limited = this.limitVerdict(r);
    if (limited) return { ...limited, userOutput: readKept(box, '.stdout', keep) };
    const [outName, outWhat] = fileIO ? [p.ioWriteFileName!, 'file-IO output name'] : ['.stdout', undefined];
    const base = { timeMs: r.cpuMs, memoryKb: r.memoryKb };
    const output = box.readFile(outName, RUN_OUTPUT_BYTES, outWhat);
    if (output === null) return { ...base, status: JudgeStatus.WRONG_ANSWER, fraction: 0, userOutput: null, message: `output file ${fileIO ? p.ioWriteFileName : 'stdout'} not found` };
    const userOutput = output.toString('utf8');
    const kept = output.subarray(0, keep).toString('utf8');
    if (p.judgeMode === 'default' || this.builtin) {
      const answer = readFileSync(files.answerPath, 'utf8');
      const v = this.builtin ? this.builtin(userOutput, answer) : compareDefault(userOutput, answer, p.isRemoveEndBlank);
      if (v === 'FAIL') return { ...base, status: JudgeStatus.SYSTEM_ERROR, fraction: 0, userOutput: kept, message: `built-in checker "${p.spjCode}": the answer file does not fit it` };
      const status = v === 'AC' ? JudgeStatus.ACCEPTED : v === 'PE' ? JudgeStatus.PRESENTATION_ERROR : JudgeStatus.WRONG_ANSWER;
      return { ...base, status, fraction: v === 'AC' ? 1 : 0, userOutput: kept, message: null };
    }
    const v = await this.runChecker(files, output);
    return { ...base, status: v.status, fraction: v.fraction, userOutput: kept, message: v.message };
  }

  private checkerSpec(args: string[]) {
    const lang = this.checker!;
    const lim = runLimits(lang, { timeLimit: CHECKER_CPU_MS, memoryLimit: CHECKER_MEMORY_MB, stackLimit: CHECKER_MEMORY_MB });
    return {
      argv: [...lang.run({ memoryMb: lim.memoryMb, stackMb: lim.stackMb }), ...args], env: languageEnv(lang),
      cpuMs: CHECKER_CPU_MS, wallMs: CHECKER_CPU_MS * 2, memoryBytes: lim.cgroupBytes, stackBytes: null,
      outputBytes: RUN_OUTPUT_BYTES, pids: lim.pids,
    };
  }

  private async runChecker(files: CaseFiles, userOutput: Buffer) {
    const jb = this.judgeBox!;
    jb.linkIn(files.inputPath, 'input');
    jb.linkIn(files.answerPath, 'answer');
    jb.writeFile('user_output', userOutput);
    // HUSTOJ's spj (FPS) takes the answer before the user's output.
    const hustoj = this.problem.checkerConvention === 'hustoj';
    const args = hustoj ? ['/w/input', '/w/answer', '/w/user_output'] : ['/w/input', '/w/user_output', '/w/answer'];
    const r = await unlessStarved(() => jb.run({ ...this.checkerSpec(args), stdin: null, stdout: '/w/.checker_out', stderr: '/w/.checker_err' }));
    if (r.starved) return { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: starvedMessage('checker', r) };
    if (r.outcome === 'tle' || r.outcome === 'mle' || r.outcome === 'failed') {
      return { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: `checker ${r.outcome === 'failed' ? 'could not start' : r.outcome.toUpperCase()}` };
    }
    if (hustoj) return parseHustojResult(r.exitCode, r.signal, readKept(jb, '.checker_err', 4096));
    return parseCheckerResult(r.exitCode, r.signal, readKept(jb, '.checker_out', 4096), readKept(jb, '.checker_err', 4096));
  }

  /**
   * User program and interactor joined by two FIFOs. Order of verdicts (README, "Interactive"): a
   * broken interactor is a System Error; then the program's own TLE/MLE/OLE/RE, except a Runtime
   * Error after the interactor had already given a verdict other than AC and ended (the program
   * then only read an end of file or wrote into a closed pipe); then the interactor's verdict.
   */
  private async runInteractiveCase(files: CaseFiles): Promise<CaseRun> {
    await this.resetUserBox();
    const jb = this.judgeBox!;
    this.pipes!.renew();
    jb.linkIn(files.inputPath, 'input');
    jb.linkIn(files.answerPath, 'answer');
    jb.remove('.checker_err');
    const inter = this.checkerSpec(['/w/input', '/w/interactor_output', '/w/answer']);
    const idle = this.watchIdle([this.userBox, jb]);
    let u: RunResult;
    let i: RunResult;
    try {
      [u, i] = await Promise.all([
        this.userBox.run(this.userRunSpec({ stdin: '/p/i2u', stdout: '/p/u2i', stderr: '/w/.stderr', stdoutFirst: true })),
        jb.run({ ...inter, wallMs: this.limits.wallMs + 2000, stdin: '/p/u2i', stdout: '/p/i2u', stderr: '/w/.checker_err', holdPipes: true }),
      ]);
    } finally {
      idle.stop();
    }
    const base = { timeMs: u.cpuMs, memoryKb: u.memoryKb, userOutput: null };
    const systemError = (message: string): CaseRun => ({ ...base, status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: `interactor ${message}` });
    // Either side starved: the pair is run again (runCase), whatever else the runs show.
    if (u.starved || i.starved) {
      const message = u.starved ? starvedMessage('program', u) : starvedMessage('interactor', i);
      return { ...base, status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message, starved: true };
    }
    const interactorStderr = readKept(jb, '.checker_err', 4096);
    if (i.outcome === 'failed') return systemError('could not start');
    if (i.outcome === 'mle') return systemError('exceeded its memory limit');
    if (i.signal !== null && i.signal !== SIGPIPE && i.outcome !== 'tle') return systemError(`killed by ${signalName(i.signal)}`);
    const v = i.outcome === 'tle' || i.signal === SIGPIPE ? null : parseCheckerResult(i.exitCode, null, '', interactorStderr);
    if (v?.status === JudgeStatus.SYSTEM_ERROR) return systemError(`failed: ${v.message ?? ''}`.trim());
    // SIGPIPE can only follow the interactor's end; an exit code or another signal did if the program
    // still had its output open when the interactor was gone (it could not see the end before that).
    const failedAfterVerdict = u.outcome === 're' && v !== null && v.status !== JudgeStatus.ACCEPTED && (u.signal === SIGPIPE || i.peerOutputOpen === true);
    if (u.outcome !== 'ok' && !failedAfterVerdict) {
      const limited = this.limitVerdict(u)!;
      if (idle.fired && limited.status === JudgeStatus.TIME_LIMIT_EXCEEDED) {
        limited.message = `the program and the interactor both waited for each other (idle for ${this.limits.cpuMs} ms)`;
      }
      return limited;
    }
    if (i.outcome === 'tle') return systemError('exceeded its time limit');
    // An interactor killed by SIGPIPE wrote to a program that had already ended normally.
    if (v === null) return { ...base, status: JudgeStatus.WRONG_ANSWER, fraction: 0, message: 'the program stopped reading before the interaction ended' };
    return { ...base, status: v.status, fraction: v.fraction, message: v.message };
  }

  /**
   * Ends the runs of an interactive pair that both sides stopped using CPU for longer than the time
   * limit (each blocked reading from the other): TLE now instead of at the wall-time limit. Idle
   * means asleep, not starved: time a program waited for a CPU (run-queue waits, as the wall limit
   * counts them) or a program runnable now is activity, so a busy machine is never read as a
   * deadlock (a starved pair ends at its wall limit, starved, and runs again).
   * Without cgroups there is no CPU reading and the wall limit applies.
   */
  private watchIdle(boxes: [Sandbox, Sandbox]): { fired: boolean; stop(): void } {
    const state = { fired: false, stop: () => {} };
    const sent = ['', ''];
    const total = () => {
      let sum = 0;
      let runnable = false;
      const queues: RunQueue[] = [];
      for (const b of boxes) {
        const us = b.cpuUsageUs();
        const rq = b.runQueue();
        if (us === null || rq === null) return null;
        queues.push(rq);
        sum += us + rq.waitUs;
        // A side whose program has not started yet (its runner may be waiting for a CPU) is not idle.
        runnable ||= rq.runnable || rq.threads === 0;
      }
      // Each side's wall clock also moves for the other side's waits (a starved interactor keeps the
      // program waiting). Sent only when they changed: every message wakes the runner.
      boxes.forEach((b, k) => {
        const other = queues[1 - k];
        const msg = `${other.waitUs} ${other.runnable}`;
        if (msg !== sent[k]) b.addWaits(other);
        sent[k] = msg;
      });
      return { sum, runnable };
    };
    let ref = total()?.sum ?? null;
    if (ref === null) return state;
    let since = Date.now();
    const timer = setInterval(() => {
      const now = total();
      if (now === null) return;
      if (now.runnable || now.sum - ref! > IDLE_CPU_US) {
        ref = now.sum;
        since = Date.now();
      } else if (Date.now() - since > this.limits.cpuMs) {
        state.fired = true;
        clearInterval(timer);
        for (const b of boxes) b.stopRun();
      }
    }, IDLE_POLL_MS);
    state.stop = () => clearInterval(timer);
    return state;
  }

  /** What the user's program wrote to stderr in the last case (test runs show it). */
  readUserStderr(): string {
    return readKept(this.userBox, '.stderr', CASE_OUTPUT_KEEP * 4);
  }

  async close(): Promise<void> {
    await Promise.all([this.userBox.close(), this.judgeBox?.close()]);
    this.pipes?.remove();
  }
}
