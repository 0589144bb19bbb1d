import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { ensureBoxrun, ensureSeccompFile } from './boxrun-build.js';
import { WAIT_ALLOWANCE } from './boxrun-source.js';
import { BoxCgroup } from './cgroup.js';
import { detectCapabilities, type Capabilities } from './capabilities.js';
import { pathInside, readBoxFile } from './box-files.js';
import { boxesDir } from './paths.js';
import { runQueueOf, type RunQueue } from './run-queue.js';
import type { FileInfo, PipePair, RunOutcome, RunResult, RunSpec, Sandbox, SandboxBind, SandboxFactory } from './types.js';
import { acquireUid, alive, releaseUid } from './uid-pool.js';

/** A bind from the host into the box. */
export type BoxBind = SandboxBind;
export type { RunOutcome, RunResult, RunSpec };

export interface BoxOptions {
  /** Host uid (and gid) the box's processes run as; taken from the uid pool when omitted. */
  uid?: number;
  binds?: BoxBind[];
  /** Allow untrusted code even without namespaces (never used by the worker). */
  caps?: Capabilities;
  /** How long the runner may take to say READY before the judge looks whether it only waits for a CPU (tests shorten it). */
  readyWaitMs?: number;
}

/** A runner that keeps waiting for a CPU to start is waited for up to this long; then the machine is too busy to judge (System Error). */
const START_CAP_MS = 180_000;
/** How much longer than its limits a run's reply is waited for while its runner only waits for a CPU. */
const SLOW_RUNNER_CAP_MS = 600_000;
const SLOW_RUNNER_POLL_MS = 5_000;

const SIGXFSZ = 25;
const SIGXCPU = 24;
const SIGKILL = 9;
const CPU_POLL_MS = 15;

/** Read-only host paths toolchains need; missing ones are skipped. */
const SYSTEM_BINDS = [
  '/usr', '/etc/alternatives', '/etc/java-17-openjdk', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d',
  '/etc/mono', '/etc/fpc.cfg', '/etc/fpc-3.2.2.cfg', '/etc/php', '/etc/localtime', '/var/lib/ghc', '/etc/ssl/certs',
];

const WORK_DIR_BYTES = 1 << 30;

/** Mounts a tmpfs owned by the box uid as its work dir; false where the judge may not mount. */
function mountWorkTmpfs(dir: string, uid: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${WORK_DIR_BYTES},mode=0700,uid=${uid},gid=${uid},nosuid,nodev`, 'verdict-box', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * One bubblewrap box, kept alive for all the runs of one submission. Its PID 1 is `boxrun`,
 * which starts each program, enforces rlimits and wall time, and kills everything left in the
 * box after every run. The judge puts the box into its cgroup before PID 1 starts, polls CPU
 * usage, and sends "K" when the CPU limit is passed.
 */
export class Box implements Sandbox {
  readonly hostDir: string;
  private proc: ChildProcess | null = null;
  private cgroup: BoxCgroup | null = null;
  private lines: string[] = [];
  private waiters: ((line: string | null) => void)[] = [];
  private closed = false;
  private stderrTail = '';
  readonly caps: Capabilities;
  readonly uid: number;
  /** Host pid of the box's PID 1 (the runner). */
  hostPid1 = 0;
  /** The work dir is a size-limited tmpfs (files count towards the box's memory, not the host disk). */
  private workTmpfs = false;
  private readonly ownUid: boolean;
  private running = false;
  private stopRequested = false;

  private constructor(private readonly opts: BoxOptions) {
    this.caps = opts.caps ?? detectCapabilities();
    this.ownUid = opts.uid === undefined;
    this.uid = opts.uid ?? acquireUid();
    // The owner's pid in the name lets a restarted judge sweep what a crashed one left behind.
    this.hostDir = join(boxesDir(), `${this.uid}-${process.pid}-${randomBytes(6).toString('hex')}`);
  }

  static async open(opts: BoxOptions): Promise<Box> {
    const box = new Box(opts);
    try {
      await box.start();
    } catch (e) {
      await box.close();
      throw e;
    }
    return box;
  }

  /** Host path of a file in the box's work dir (/w); `name` must be a plain file name (see pathInside). */
  hostPath(name: string, what?: string): string {
    return pathInside(this.hostDir, name, what);
  }

  get cgroupLimits(): boolean {
    return this.caps.cgroup !== null;
  }

  writeFile(name: string, data: string | Buffer, what?: string): void {
    const path = this.hostPath(name, what);
    rmSync(path, { force: true }); // never write through a link the programs left
    writeFileSync(path, data);
  }

  /** A hard link when possible (test data can be large; the box's uid cannot write the judge's file), else a copy. */
  linkIn(hostPath: string, name: string, what?: string): void {
    const dest = this.hostPath(name, what);
    rmSync(dest, { force: true });
    try {
      linkSync(hostPath, dest);
    } catch {
      copyFileSync(hostPath, dest);
    }
  }

  copyIn(hostPath: string, name: string, mode: number): void {
    const dest = this.hostPath(name, 'compiled file');
    rmSync(dest, { force: true });
    copyFileSync(hostPath, dest);
    chmodSync(dest, mode);
  }

  copyOut(name: string, hostPath: string): number {
    const src = this.hostPath(name, 'compiled file');
    const st = lstatSync(src);
    if (!st.isFile()) throw new Error(`${name} is not a regular file`);
    copyFileSync(src, hostPath);
    return st.mode & 0o777;
  }

  readFile(name: string, limit: number, what?: string): Buffer | null {
    return readBoxFile(this.hostPath(name, what), limit);
  }

  fileInfo(name: string): FileInfo | null {
    try {
      const st = lstatSync(this.hostPath(name));
      return { isFile: st.isFile(), mode: st.mode };
    } catch {
      return null;
    }
  }

  list(): string[] {
    return readdirSync(this.hostDir);
  }

  /** Names from `list` are single components (readdir) but may be anything a plain-name check refuses ("-x"). */
  remove(name: string): void {
    if (name.includes('/') || name === '.' || name === '..' || name === '') throw new Error(`cannot remove ${JSON.stringify(name)}`);
    rmSync(join(this.hostDir, name), { recursive: true, force: true });
  }

  /** Run-queue waits of the box's programs (not its runner: it wakes between polls) so far and whether one is runnable now; null without cgroups. */
  runQueue(): RunQueue | null {
    return this.cgroup ? runQueueOf(this.cgroup.threads().filter((t) => t !== this.hostPid1)) : null;
  }

  /** CPU time used by everything in the box so far (µs), or null without cgroups. */
  cpuUsageUs(): number | null {
    try {
      return this.cgroup ? this.cgroup.cpuUsageUs() : null;
    } catch {
      return null;
    }
  }

  /** Counts the other side of an interactive pair's run-queue waits as the current run's own (boxrun's "W"). */
  addWaits(other: RunQueue): void {
    if (this.running) this.send(`W ${Math.round(other.waitUs)} ${other.runnable ? 1 : 0}\n`);
  }

  /** Ends the current run at once; it is reported as TLE (used when an interactive pair deadlocks). */
  stopRun(): void {
    if (this.running && !this.stopRequested) {
      this.stopRequested = true;
      this.send('K\n');
    }
  }

  private async start(): Promise<void> {
    const caps = this.caps;
    if (caps.isolation === 'none' || !caps.bwrap || !caps.ownPidNamespace) throw new Error(`sandbox unavailable: ${caps.problems.join('; ')}`);
    mkdirSync(this.hostDir, { mode: 0o700 });
    this.workTmpfs = mountWorkTmpfs(this.hostDir, this.uid);
    if (!this.workTmpfs) chownSync(this.hostDir, this.uid, this.uid);
    const boxrun = ensureBoxrun();
    const args = ['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session', '--clearenv', '--as-pid-1',
      '--hostname', 'box'];
    for (const p of SYSTEM_BINDS) if (existsSync(p)) args.push('--ro-bind', p, p);
    for (const [link, target] of [['/bin', 'usr/bin'], ['/sbin', 'usr/sbin'], ['/lib', 'usr/lib'], ['/lib64', 'usr/lib64'], ['/lib32', 'usr/lib32']]) {
      if (existsSync(join('/usr', target.slice(4)))) args.push('--symlink', target, link);
    }
    args.push('--proc', '/proc', '--dev', '/dev', '--size', String(512 << 20), '--perms', '1777', '--tmpfs', '/tmp');
    args.push('--bind', this.hostDir, '/w');
    for (const b of this.opts.binds ?? []) args.push(b.writable ? '--bind' : '--ro-bind', b.host, b.box);
    // The box's root (a tmpfs bwrap builds) becomes read-only; only /w and /tmp stay writable.
    args.push('--ro-bind', boxrun, '/.boxrun', '--remount-ro', '/', '--chdir', '/w', '--info-fd', '3', '--block-fd', '4');
    let seccompFd: number | null = null;
    if (caps.seccomp) {
      seccompFd = openSync(ensureSeccompFile(), 'r');
      args.push('--seccomp', '5');
    }
    args.push('/.boxrun');
    if (caps.cgroup) this.cgroup = new BoxCgroup(caps.cgroup, `box-${this.uid}-${process.pid}-${randomBytes(4).toString('hex')}`);
    const stdio: any[] = ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'];
    if (seccompFd !== null) stdio.push(seccompFd);
    const proc = spawn(caps.bwrap, args, { stdio, uid: this.uid, gid: this.uid });
    this.proc = proc;
    if (seccompFd !== null) closeSync(seccompFd);
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (d: string) => { this.stderrTail = (this.stderrTail + d).slice(-2000); });
    proc.stdout!.setEncoding('utf8');
    let partial = '';
    proc.stdout!.on('data', (d: string) => {
      partial += d;
      let i: number;
      while ((i = partial.indexOf('\n')) >= 0) {
        const line = partial.slice(0, i);
        partial = partial.slice(i + 1);
        const w = this.waiters.shift();
        if (w) w(line);
        else this.lines.push(line);
      }
    });
    proc.on('exit', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w(null);
    });
    proc.stdin!.on('error', () => {});
    const info = proc.stdio[3] as Readable;
    const block = proc.stdio[4] as Writable;
    block.on('error', () => {});
    const childPid = await new Promise<number>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`bwrap did not start: ${this.stderrTail}`)), 60_000);
      info.setEncoding('utf8');
      info.on('data', (d: string) => {
        text += d;
        const m = /"child-pid"\s*:\s*(\d+)/.exec(text);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      proc.on('exit', () => {
        clearTimeout(timer);
        reject(new Error(`bwrap exited: ${this.stderrTail.trim()}`));
      });
    });
    // The box is in its cgroups before its PID 1 runs a single instruction of ours.
    this.hostPid1 = childPid;
    this.cgroup?.addProcess(childPid);
    block.write('1');
    block.end();
    const ready = await this.awaitLine(this.opts.readyWaitMs ?? 10_000, START_CAP_MS);
    if (ready !== 'READY') throw new Error(`box runner did not start: ${this.stderrTail.trim() || ready}`);
  }

  /**
   * The runner's next line. `firstMs` is what a healthy runner needs; boxes run at the smallest CPU
   * weight, so on a busy machine the runner may wait far longer for a CPU: after `firstMs` it is
   * waited for while the box shows it is only slow (a task runnable, or the box's run-queue waits or
   * CPU time grew), up to `capMs` in all. A runner that is gone, or idle without a word, is a fault (null).
   */
  private async awaitLine(firstMs: number, capMs: number): Promise<string | null> {
    const until = Date.now() + capMs;
    let last = -1;
    for (let wait = firstMs; ; wait = SLOW_RUNNER_POLL_MS) {
      const line = await this.nextLine(wait);
      if (line !== null || this.closed || Date.now() >= until) return line;
      // Without cgroups a slow runner cannot be told from a stuck one: it gets the whole cap.
      if (!this.cgroup) continue;
      const rq = runQueueOf(this.cgroup.threads());
      const work = rq.waitUs + this.cgroup.cpuUsageUs();
      if (!rq.runnable && work === last) return null;
      last = work;
    }
  }

  private nextLine(timeoutMs: number): Promise<string | null> {
    const l = this.lines.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const idx = this.waiters.indexOf(done);
        if (idx >= 0) this.waiters.splice(idx, 1);
        resolve(null);
      }, timeoutMs);
      const done = (line: string | null) => {
        clearTimeout(timer);
        resolve(line);
      };
      this.waiters.push(done);
    });
  }

  private send(text: string): void {
    this.proc?.stdin?.write(text);
  }

  /** Runs one program in the box and classifies how it ended (TLE > MLE > OLE > RE > OK). */
  async run(spec: RunSpec): Promise<RunResult> {
    if (this.closed || !this.proc) throw new Error('box is closed');
    for (const f of [...spec.argv, ...Object.entries(spec.env ?? {}).map(([k, v]) => `${k}=${v}`), spec.stdin ?? '', spec.stdout ?? '', spec.stderr ?? '', spec.cwd ?? '']) {
      if (f.includes('\n')) throw new Error('newline in a box argument');
    }
    const cg = this.cgroup;
    const limitUs = spec.cpuMs * 1000;
    if (cg) {
      // The program gets its full limit on top of what the box already holds (PID 1, the compiled
      // program and other files of the tmpfs work dir, page cache).
      cg.setLimits(spec.memoryBytes + cg.usageBytes() + (1 << 20), spec.pids + 1);
      cg.resetPeak();
    }
    const oom0 = cg ? cg.oomKills() : 0;
    const cpu0 = cg ? cg.cpuUsageUs() : 0;
    const env = Object.entries(spec.env ?? {}).map(([k, v]) => `${k}=${v}`);
    const num = (v: number | null | undefined) => (v === null || v === undefined ? -1 : Math.floor(v));
    const header = ['R', num(spec.wallMs), Math.ceil(spec.cpuMs / 1000) + 1, cg ? -1 : num(spec.addressSpaceBytes ?? spec.memoryBytes * 2),
      spec.stackBytes === null ? 0 : num(spec.stackBytes ?? spec.memoryBytes), num(spec.outputBytes), cg ? -1 : spec.pids,
      spec.nofile ?? 64, spec.argv.length, env.length, (spec.stdoutFirst ? 1 : 0) | (spec.holdPipes ? 2 : 0)].join(' ');
    this.send([header, spec.stdin ?? '-', spec.stdout ?? '-', spec.stderr ?? '-', spec.cwd ?? '/w', ...spec.argv, ...env].join('\n') + '\n');
    let cpuKilled = false;
    this.running = true;
    this.stopRequested = false;
    const poll = cg
      ? setInterval(() => {
          try {
            if (!cpuKilled && cg.cpuUsageUs() - cpu0 > limitUs) {
              cpuKilled = true;
              this.send('K\n');
            }
          } catch {}
        }, CPU_POLL_MS)
      : null;
    const replyMs = spec.wallMs * (1 + WAIT_ALLOWANCE) + 10_000;
    const reply = await this.awaitLine(replyMs, replyMs + SLOW_RUNNER_CAP_MS);
    this.running = false;
    if (poll) clearInterval(poll);
    if (!reply) throw new Error(`box runner stopped: ${this.stderrTail.trim()}`);
    const [, kind, codeS, utS, stS, rssS, wallS, wallTimeoutS, , waitS, peerS] = reply.split(' ');
    const code = Number(codeS);
    const cpuUs = cg ? cg.cpuUsageUs() - cpu0 : Number(utS) + Number(stS);
    // Stopped for its CPU time (or by the judge), whatever the wall clock did.
    const stopped = cpuKilled || this.stopRequested || cpuUs > limitUs;
    const rssKb = Number(rssS);
    const peakKb = cg ? Math.round(cg.peakBytes() / 1024) : rssKb;
    const oomKilled = cg ? cg.oomKills() > oom0 : false;
    const result: RunResult = {
      outcome: 'ok',
      exitCode: kind === 'x' ? code : null,
      signal: kind === 's' ? code : null,
      cpuMs: Math.round(cpuUs / 1000),
      wallMs: Math.round(Number(wallS) / 1000),
      // The main process's max RSS is the figure users expect (the cgroup peak also counts page cache).
      memoryKb: rssKb > 0 ? rssKb : peakKb,
      oomKilled,
      startErrno: kind === 'f' ? code : null,
      cpuWaitMs: Math.round(Number(waitS) / 1000),
      // boxrun caps the waits it allows for at the allowance: reaching the cap is what starved means.
      starved: wallTimeoutS === '1' && Number(waitS) >= spec.wallMs * 1000 * WAIT_ALLOWANCE && !stopped,
      peerOutputOpen: peerS === '1' ? true : peerS === '0' ? false : null,
    };
    if (kind === 'f') result.outcome = 'failed';
    else if (stopped || wallTimeoutS === '1' || result.signal === SIGXCPU) result.outcome = 'tle';
    else if (oomKilled || result.memoryKb * 1024 > spec.memoryBytes) result.outcome = 'mle';
    else if (result.signal === SIGXFSZ) result.outcome = 'ole';
    else if (result.signal !== null || result.exitCode !== 0) result.outcome = 're';
    if (result.outcome === 'mle' && result.signal === SIGKILL) result.memoryKb = Math.max(result.memoryKb, Math.round(spec.memoryBytes / 1024));
    return result;
  }

  /** Empties the box's private /tmp between runs. */
  async clearTmp(): Promise<void> {
    this.send('T\n');
    await this.nextLine(10_000);
  }

  /** Kills the whole box (PID 1 takes every process with it) and removes its files and cgroups. */
  async close(): Promise<void> {
    const proc = this.proc;
    if (proc && !this.closed) {
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.stdin?.end();
      const t = setTimeout(() => proc.kill('SIGKILL'), 500);
      await exited;
      clearTimeout(t);
    }
    this.cgroup?.killAll();
    await this.cgroup?.destroy();
    if (this.workTmpfs) {
      try {
        execFileSync('umount', ['-l', this.hostDir], { stdio: 'ignore' });
      } catch {}
    }
    rmSync(this.hostDir, { recursive: true, force: true });
    if (this.ownUid) releaseUid(this.uid);
  }
}

/** FIFOs for an interactive pair in a directory of their own under the boxes' directory. */
function hostPipes(): PipePair {
  const dir = join(boxesDir(), `pipes-${randomBytes(6).toString('hex')}`);
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  return {
    bind: { host: dir, box: '/p', writable: true },
    renew() {
      for (const f of ['u2i', 'i2u']) {
        rmSync(join(dir, f), { force: true });
        execFileSync('mkfifo', ['-m', '0666', join(dir, f)]);
      }
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The real sandbox: bubblewrap boxes with `caps` (detected when not given; tests pass their own cgroups). */
export function boxes(caps?: Capabilities): SandboxFactory {
  return { open: (opts = {}) => Box.open({ ...opts, caps }), pipes: hostPipes };
}

/** Unmounts and removes work dirs and empty cgroups of boxes whose judge process is gone. */
export function sweepStaleBoxes(caps: Capabilities = detectCapabilities()): number {
  let swept = 0;
  for (const name of readdirSync(boxesDir())) {
    const m = /^(\d+)-(\d+)-[0-9a-f]+$/.exec(name);
    if (!m || alive(Number(m[2]))) continue;
    const dir = join(boxesDir(), name);
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {}
    rmSync(dir, { recursive: true, force: true });
    swept++;
  }
  if (caps.cgroup) {
    for (const parent of new Set(Object.values(caps.cgroup.parents))) {
      for (const name of readdirSync(parent)) {
        // Only cgroups of dead judges: a live judge's fresh cgroup is empty until its runner
        // joins it, and removing it then would fail that run (seen with two judges on one host).
        const m = /^box-\d+-(\d+)-[0-9a-f]+$/.exec(name);
        if (!m || alive(Number(m[1]))) continue;
        try {
          rmdirSync(join(parent, name)); // only succeeds when no process is left in it
        } catch {}
      }
    }
  }
  return swept;
}
