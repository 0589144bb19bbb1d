/**
 * A sandbox without isolation, for the pipeline's logic on any machine (no bwrap, cgroups or
 * compilers): files live in memory; "compiling" copies the source into an executable-looking
 * `main`; running `/w/main` calls the script the test registered for that source text (a user
 * program, a checker or an interactor) with what it would read, and records what it writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { FileInfo, PipePair, RunResult, RunSpec, Sandbox, SandboxFactory } from '../src/sandbox/types.js';

export interface FakeRun {
  /** The program's stdin (a file of the box, '' for a FIFO or /dev/null). */
  stdin: string;
  /** Arguments after the program (a checker's /w/input, /w/user_output, /w/answer). */
  args: string[];
  box: FakeBox;
  /** How many times this script has run so far (1 for the first). */
  attempt: number;
}

/** What a script did: its RunResult fields (ok, exit 0, 1 ms by default) and what it wrote. */
export type FakeOutcome = Partial<RunResult> & { stdout?: string; stderr?: string };
export type FakeScript = (run: FakeRun) => FakeOutcome;

const ELF = '\x7fELF';

export class FakeBox implements Sandbox {
  readonly files = new Map<string, { data: Buffer; mode: number }>();
  readonly cgroupLimits = true;
  closed = false;

  constructor(private readonly scripts: Map<string, FakeScript>, private readonly attempts: Map<string, number>) {}

  async run(spec: RunSpec): Promise<RunResult> {
    const base: RunResult = {
      outcome: 'ok', exitCode: 0, signal: null, cpuMs: 1, wallMs: 1, memoryKb: 1024, oomKilled: false, startErrno: null,
      cpuWaitMs: 0, starved: false, peerOutputOpen: null,
    };
    if (spec.argv[0] !== '/w/main') return { ...base, ...this.compile() };
    const source = this.text('main').slice(ELF.length);
    const script = this.scripts.get(source);
    if (!script) throw new Error(`no fake script for ${JSON.stringify(source)}`);
    const attempt = (this.attempts.get(source) ?? 0) + 1;
    this.attempts.set(source, attempt);
    const stdin = spec.stdin?.startsWith('/w/') ? this.text(spec.stdin.slice(3)) : '';
    const { stdout, stderr, ...result } = script({ stdin, args: spec.argv.slice(1), box: this, attempt });
    if (stdout !== undefined && spec.stdout?.startsWith('/w/')) this.writeFile(spec.stdout.slice(3), stdout);
    if (stderr !== undefined && spec.stderr?.startsWith('/w/')) this.writeFile(spec.stderr.slice(3), stderr);
    return { ...base, ...result };
  }

  /** The source becomes `main`; a source containing COMPILE_ERROR fails with that line as the message. */
  private compile(): Partial<RunResult> {
    const source = [...this.files.keys()].find((n) => /^main\.\w+$/.test(n) || n === 'Main.java');
    const code = source ? this.text(source) : '';
    const error = /.*COMPILE_ERROR.*/.exec(code);
    if (error) {
      this.writeFile('.compile', error[0]);
      return { outcome: 're', exitCode: 1 };
    }
    this.files.set('main', { data: Buffer.from(ELF + code), mode: 0o100755 });
    return {};
  }

  text(name: string): string {
    return this.files.get(name)?.data.toString('utf8') ?? '';
  }

  stopRun(): void {}
  addWaits(): void {}
  cpuUsageUs(): number | null { return null; }
  runQueue() { return null; }
  writeFile(name: string, data: string | Buffer): void { this.files.set(name, { data: Buffer.from(data), mode: 0o100644 }); }
  linkIn(hostPath: string, name: string): void { this.files.set(name, { data: readFileSync(hostPath), mode: 0o100444 }); }
  copyIn(hostPath: string, name: string, mode: number): void { this.files.set(name, { data: readFileSync(hostPath), mode: 0o100000 | mode }); }
  copyOut(name: string, hostPath: string): number {
    const f = this.files.get(name);
    if (!f) throw new Error(`${name} is missing`);
    writeFileSync(hostPath, f.data);
    return f.mode & 0o777;
  }
  readFile(name: string, limit: number): Buffer | null { return this.files.get(name)?.data.subarray(0, limit) ?? null; }
  fileInfo(name: string): FileInfo | null { const f = this.files.get(name); return f ? { isFile: true, mode: f.mode } : null; }
  list(): string[] { return [...this.files.keys()]; }
  remove(name: string): void { this.files.delete(name); }
  async clearTmp(): Promise<void> {}
  async close(): Promise<void> { this.closed = true; }
}

/** A factory of fake boxes running `scripts` (keyed by the source text compiled into the box). */
export function fakeSandboxes(scripts: Record<string, FakeScript>): SandboxFactory & { opened: FakeBox[] } {
  const map = new Map(Object.entries(scripts));
  const attempts = new Map<string, number>();
  const opened: FakeBox[] = [];
  const pipes: PipePair = { bind: { host: '/nonexistent', box: '/p' }, renew() {}, remove() {} };
  return {
    opened,
    async open() {
      const box = new FakeBox(map, attempts);
      opened.push(box);
      return box;
    },
    pipes: () => pipes,
  };
}
