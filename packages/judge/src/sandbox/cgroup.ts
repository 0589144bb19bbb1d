import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * cgroups written by the judge itself. v1 (separate memory, pids, cpuacct hierarchies) and v2
 * (unified) are both supported; every box gets one cgroup per controller under a "verdict" parent
 * nested in the judge's own cgroup, so a container's limits still apply above ours.
 *
 * The "verdict" parent also has the smallest CPU weight (BOX_CPU_WEIGHT): a judge on the web
 * server's machine must not slow the site, and verdicts are measured in CPU time, which the
 * weight does not change. Without it each box even counted as a whole session of its own: bwrap
 * starts the box in a new session, and with the kernel's autogroup scheduling each session gets
 * an equal share, so two compilers took two thirds of the CPU from the server, its database and
 * everything else on the machine. A task in a cpu cgroup other than the root is outside autogroup.
 */
export interface CgroupMode {
  version: 1 | 2;
  /**
   * Parent directories: v1 one per controller, v2 only `unified`. `sched`: v1's cpu controller
   * (CPU weight), when mounted apart from cpuacct; v2 and a co-mounted v1 weigh the `cpu` parent.
   */
  parents: { memory: string; pids: string; cpu: string; sched?: string };
}

/** v2 cpu.weight (1..10000, default 100) and v1 cpu.shares (2..262144, default 1024) of the boxes' parent. */
const BOX_CPU_WEIGHT = { v2: '1', v1: '2' };

const ROOT = '/sys/fs/cgroup';

function ownPath(controller: string | null): string {
  const lines = readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n');
  for (const line of lines) {
    const [, ctrls, path] = line.split(':');
    if (controller === null ? ctrls === '' && line.startsWith('0::') : ctrls.split(',').includes(controller)) return path;
  }
  return '/';
}

function writable(dir: string): boolean {
  try {
    const probe = join(dir, `probe-${process.pid}`);
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

function v1Dir(controller: string): string | null {
  for (const mount of [join(ROOT, controller), join(ROOT, controller === 'cpuacct' ? 'cpu,cpuacct' : controller)]) {
    if (existsSync(join(mount, 'cgroup.procs'))) return join(mount, ownPath(controller), 'verdict');
  }
  return null;
}

/** Finds a usable cgroup setup, creating the "verdict" parents; records why when none works. */
export function detectCgroups(problems: string[]): CgroupMode | null {
  try {
    const controllersFile = join(ROOT, 'cgroup.controllers');
    if (existsSync(controllersFile)) {
      const ctrls = readFileSync(controllersFile, 'utf8').split(/\s+/);
      if (!ctrls.includes('memory') || !ctrls.includes('pids') || !ctrls.includes('cpu')) {
        problems.push('cgroup v2 lacks memory, pids or cpu controllers');
        return null;
      }
      const own = join(ROOT, ownPath(null));
      const parent = join(own, 'verdict');
      mkdirSync(parent, { recursive: true });
      enableV2Controllers(own);
      enableV2Controllers(parent);
      if (!writable(parent)) throw new Error(`${parent} is not writable`);
      setWeight(join(parent, 'cpu.weight'), BOX_CPU_WEIGHT.v2, problems);
      return { version: 2, parents: { memory: parent, pids: parent, cpu: parent } };
    }
    const memory = v1Dir('memory');
    const pids = v1Dir('pids');
    const cpu = v1Dir('cpuacct');
    if (!memory || !pids || !cpu) {
      problems.push('cgroup v1 memory, pids or cpuacct hierarchy missing');
      return null;
    }
    for (const d of [memory, pids, cpu]) {
      mkdirSync(d, { recursive: true });
      if (!writable(d)) throw new Error(`${d} is not writable`);
    }
    if (!existsSync(join(memory, 'memory.memsw.limit_in_bytes'))) problems.push('swap accounting off: memory.memsw missing (swap is not limited)');
    // The cpu controller: with cpuacct (cpu,cpuacct) or on its own.
    let sched = existsSync(join(cpu, 'cpu.shares')) ? undefined : v1Dir('cpu') ?? undefined;
    try {
      if (sched) mkdirSync(sched, { recursive: true });
    } catch (e) {
      problems.push(`cpu cgroup not writable, boxes run at the normal CPU weight: ${(e as Error).message}`);
      sched = undefined;
    }
    const weighed = sched ?? cpu;
    if (existsSync(join(weighed, 'cpu.shares'))) setWeight(join(weighed, 'cpu.shares'), BOX_CPU_WEIGHT.v1, problems);
    else problems.push('no cpu cgroup controller: boxes run at the normal CPU weight');
    return { version: 1, parents: { memory, pids, cpu, ...(sched ? { sched } : {}) } };
  } catch (e) {
    problems.push(`cgroups not writable: ${(e as Error).message}`);
    return null;
  }
}

/** v2 forbids processes in a cgroup that delegates controllers: move the judge into a leaf first. */
function enableV2Controllers(dir: string): void {
  const want = '+memory +pids +cpu';
  try {
    writeFileSync(join(dir, 'cgroup.subtree_control'), want);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EBUSY') throw e;
    const leaf = join(dir, 'judge-main');
    mkdirSync(leaf, { recursive: true });
    for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      try {
        writeFileSync(join(leaf, 'cgroup.procs'), pid);
      } catch {}
    }
    writeFileSync(join(dir, 'cgroup.subtree_control'), want);
  }
}

function setWeight(file: string, value: string, problems: string[]) {
  try {
    writeFileSync(file, value);
  } catch (e) {
    problems.push(`could not lower the boxes' CPU weight (${file}): ${(e as Error).message}`);
  }
}

function readNumber(file: string): number {
  const s = readFileSync(file, 'utf8').trim();
  return s === 'max' ? Infinity : Number(s);
}

function readKey(file: string, key: string): number {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [k, v] = line.split(/\s+/);
    if (k === key) return Number(v);
  }
  return 0;
}

/** The cgroup(s) of one box. All its processes are counted together, whatever they fork. */
export class BoxCgroup {
  private readonly dirs: string[];
  private peakFd: number | null = null;

  constructor(private readonly mode: CgroupMode, name: string) {
    const p = mode.parents;
    this.dirs = mode.version === 2 ? [join(p.memory, name)]
      : [join(p.memory, name), join(p.pids, name), join(p.cpu, name), ...(p.sched ? [join(p.sched, name)] : [])];
    for (const d of this.dirs) mkdirSync(d, { recursive: true });
    if (mode.version === 2) {
      try {
        this.peakFd = openSync(join(this.memDir, 'memory.peak'), 'r+');
      } catch {}
    }
  }

  private get memDir() { return this.dirs[0]; }
  private get pidsDir() { return this.mode.version === 2 ? this.dirs[0] : this.dirs[1]; }
  private get cpuDir() { return this.mode.version === 2 ? this.dirs[0] : this.dirs[2]; }

  addProcess(pid: number): void {
    for (const d of this.dirs) writeFileSync(join(d, 'cgroup.procs'), String(pid));
  }

  /** Memory limit with swap 0, and the number of tasks. */
  setLimits(memoryBytes: number, pids: number): void {
    const mem = String(Math.floor(memoryBytes));
    if (this.mode.version === 2) {
      writeFileSync(join(this.memDir, 'memory.max'), mem);
      writeFileSync(join(this.memDir, 'memory.swap.max'), '0');
    } else {
      const memsw = join(this.memDir, 'memory.memsw.limit_in_bytes');
      const hasSw = existsSync(memsw);
      // memsw must stay >= limit: lift it first, then set both.
      if (hasSw) writeFileSync(memsw, '-1');
      writeFileSync(join(this.memDir, 'memory.limit_in_bytes'), mem);
      if (hasSw) writeFileSync(memsw, mem);
    }
    writeFileSync(join(this.pidsDir, 'pids.max'), String(pids));
  }

  /** Total CPU time (user + system) of the box in microseconds. */
  cpuUsageUs(): number {
    if (this.mode.version === 2) return readKey(join(this.cpuDir, 'cpu.stat'), 'usage_usec');
    return readNumber(join(this.cpuDir, 'cpuacct.usage')) / 1000;
  }

  /** Memory charged to the box now. */
  usageBytes(): number {
    return readNumber(join(this.memDir, this.mode.version === 2 ? 'memory.current' : 'memory.usage_in_bytes'));
  }

  resetPeak(): void {
    try {
      if (this.mode.version === 1) writeFileSync(join(this.memDir, 'memory.max_usage_in_bytes'), '0');
      else if (this.peakFd !== null) writeFileSync(this.peakFd, 'reset');
    } catch {}
  }

  peakBytes(): number {
    if (this.mode.version === 1) return readNumber(join(this.memDir, 'memory.max_usage_in_bytes'));
    if (this.peakFd !== null) {
      const buf = Buffer.alloc(64);
      const n = readSync(this.peakFd, buf, 0, 64, 0);
      return Number(buf.subarray(0, n).toString().trim());
    }
    return readNumber(join(this.memDir, 'memory.current'));
  }

  /** How many times the kernel's OOM killer fired in this cgroup (monotonic). */
  oomKills(): number {
    if (this.mode.version === 2) return readKey(join(this.memDir, 'memory.events'), 'oom_kill');
    return readKey(join(this.memDir, 'memory.oom_control'), 'oom_kill');
  }

  /** Host ids of every thread in the box (v2 cgroup.threads, v1 tasks). */
  threads(): number[] {
    const file = this.mode.version === 2 ? join(this.memDir, 'cgroup.threads') : join(this.pidsDir, 'tasks');
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  pidsCurrent(): number {
    return readNumber(join(this.pidsDir, 'pids.current'));
  }

  /** SIGKILL every process still inside (the box's PID 1 normally did it already). */
  killAll(): void {
    if (this.mode.version === 2 && existsSync(join(this.memDir, 'cgroup.kill'))) {
      try {
        writeFileSync(join(this.memDir, 'cgroup.kill'), '1');
      } catch {}
      return;
    }
    for (let round = 0; round < 20; round++) {
      const pids = readFileSync(join(this.pidsDir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
      if (pids.length === 0) return;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
    }
  }

  /** Removes the cgroup once its processes are gone (retries while the kernel reaps them). */
  async destroy(): Promise<void> {
    if (this.peakFd !== null) {
      closeSync(this.peakFd);
      this.peakFd = null;
    }
    for (const d of this.dirs) {
      for (let i = 0; i < 50; i++) {
        try {
          rmdirSync(d);
          break;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') break;
          this.killAll();
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    }
  }
}
