import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOXRUN_SOURCE } from './boxrun-source.js';
import { buildSeccompProgram } from './seccomp.js';
import { judgeStateDir } from './paths.js';

/** Compiles the in-box runner once per source version; returns the binary's path. */
export function ensureBoxrun(): string {
  const hash = createHash('sha256').update(BOXRUN_SOURCE).digest('hex').slice(0, 16);
  const dir = join(judgeStateDir(), 'bin');
  const bin = join(dir, `boxrun-${hash}`);
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const src = join(dir, `boxrun-${hash}.c`);
  writeFileSync(src, BOXRUN_SOURCE);
  const tmp = `${bin}.${process.pid}`;
  // Static, so the box needs nothing from the host to start its PID 1.
  execFileSync('gcc', ['-O2', '-static', '-o', tmp, src], { stdio: ['ignore', 'ignore', 'pipe'] });
  chmodSync(tmp, 0o755);
  renameSync(tmp, bin);
  return bin;
}

/** The seccomp program as a file (bwrap reads it from an fd we open per box). */
export function ensureSeccompFile(): string {
  const prog = buildSeccompProgram();
  const hash = createHash('sha256').update(prog).digest('hex').slice(0, 16);
  const dir = join(judgeStateDir(), 'bin');
  const file = join(dir, `seccomp-${hash}.bpf`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    writeFileSync(file, prog, { mode: 0o644 });
  }
  return file;
}
