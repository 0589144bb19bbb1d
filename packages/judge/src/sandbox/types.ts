/**
 * The contract between judging and the sandbox (after go-judge's envexec): judging (judge/*.ts)
 * sees a sandbox only through these types; box.ts implements them with bubblewrap + cgroups, and
 * the pipeline's tests implement them with a fake that runs on any machine. Names of files are
 * plain names in the sandbox's work dir (/w for its programs); host paths enter only as the source
 * of a file put in (`linkIn`, `copyIn`) or the target of one taken out (`copyOut`).
 */
import type { RunQueue } from './run-queue.js';

export type { RunQueue };

/** A host directory shown in the sandbox (read-only unless `writable`). */
export interface SandboxBind { host: string; box: string; writable?: boolean }

export interface RunSpec {
  argv: string[];
  env?: Record<string, string>;
  /** Paths inside the box; null = /dev/null. stderr may equal stdout to merge. */
  stdin?: string | null;
  stdout?: string | null;
  stderr?: string | null;
  cwd?: string;
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  stackBytes?: number | null;
  outputBytes: number;
  pids: number;
  nofile?: number;
  /** Open stdout before stdin (the user side of an interactive pair). */
  stdoutFirst?: boolean;
  /**
   * The interactor's side of a pair: the runner keeps its own ends of the FIFOs until it has reaped
   * the program, so the other side sees the end of file / EPIPE only then (RunResult.peerOutputOpen).
   */
  holdPipes?: boolean;
  /** RLIMIT_AS as well (only meaningful without cgroups; never for JVM or PyPy). */
  addressSpaceBytes?: number | null;
}

export type RunOutcome = 'ok' | 'tle' | 'mle' | 'ole' | 're' | 'failed';

export interface RunResult {
  outcome: RunOutcome;
  exitCode: number | null;
  signal: number | null;
  cpuMs: number;
  wallMs: number;
  memoryKb: number;
  oomKilled: boolean;
  /** errno when the program could not even start. */
  startErrno: number | null;
  /** How far the wall limit moved for time the program spent waiting for a CPU (boxrun-source.ts). */
  cpuWaitMs: number;
  /**
   * The wall clock ran out only because the program waited for a CPU beyond the allowance, with CPU
   * time to spare: the machine was too busy, which says nothing of the program (a 'tle' outcome).
   */
  starved: boolean;
  /** With holdPipes: whether the other program's output (this one's stdin) was still open when this one was reaped; null when unknown. */
  peerOutputOpen: boolean | null;
}

/** A file of the work dir as the judge sees it (never following a symlink). */
export interface FileInfo { isFile: boolean; mode: number }

/** One sandbox, kept for all the runs of one submission (or of its checker / interactor). */
export interface Sandbox {
  /** Memory is limited and measured by a cgroup (else by RLIMIT_AS only, see README "Memory"). */
  readonly cgroupLimits: boolean;
  /** Runs one program and classifies how it ended (TLE > MLE > OLE > RE > OK). */
  run(spec: RunSpec): Promise<RunResult>;
  /**
   * Counts another sandbox's run-queue waits (so far, and runnable now) as the current run's own:
   * the two sides of an interactive pair are one computation, and one side starved keeps the other waiting.
   */
  addWaits(other: RunQueue): void;
  /** Ends the current run at once; it is reported as TLE. */
  stopRun(): void;
  /** CPU time used by everything in the sandbox so far (µs), or null when it cannot be measured. */
  cpuUsageUs(): number | null;
  /** Run-queue waits of the sandbox's programs so far and whether one is runnable now, or null. */
  runQueue(): RunQueue | null;
  /** Writes a file of the work dir; `what` names `name` in the error when it is not a plain name. */
  writeFile(name: string, data: string | Buffer, what?: string): void;
  /** Puts a host file (test data) into the work dir, read-only to the sandbox's programs where possible. */
  linkIn(hostPath: string, name: string, what?: string): void;
  /** Copies a host file into the work dir with `mode`. */
  copyIn(hostPath: string, name: string, mode: number): void;
  /** Copies a regular file of the work dir to the host (throws for anything else); returns its mode. */
  copyOut(name: string, hostPath: string): number;
  /** At most `limit` bytes of a regular file of the work dir, read safely; null when missing or not a regular file. */
  readFile(name: string, limit: number, what?: string): Buffer | null;
  fileInfo(name: string): FileInfo | null;
  /** Names in the work dir. */
  list(): string[];
  /** Removes a file of the work dir (also names the programs made, which need not be plain). */
  remove(name: string): void;
  /** Empties the sandbox's private /tmp. */
  clearTmp(): Promise<void>;
  close(): Promise<void>;
}

/** FIFOs `u2i` and `i2u` that both sandboxes of an interactive pair see at /p. */
export interface PipePair {
  readonly bind: SandboxBind;
  /** Fresh, empty FIFOs before a case. */
  renew(): void;
  remove(): void;
}

/** Opens sandboxes (go-judge's environment pool): the one dependency judging has on the sandbox. */
export interface SandboxFactory {
  open(opts?: { binds?: SandboxBind[] }): Promise<Sandbox>;
  pipes(): PipePair;
}
