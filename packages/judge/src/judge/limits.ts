import type { TaskProblem } from '@verdict/shared';
import type { LanguageDef } from '../languages/registry.js';

const MiB = 1 << 20;
/** Compiler limits (issue 3): 10 s CPU, 512 MiB, output kept up to 64 KiB. */
export const COMPILE_CPU_MS = 10_000;
export const COMPILE_MEMORY_MB = 512;
export const COMPILE_OUTPUT_KEEP = 64 * 1024;
/** What one run may write (stdout or any file) before it is stopped as Output Limit Exceeded. */
export const RUN_OUTPUT_BYTES = 64 * MiB;
/** Kept of a user's output in a case result. */
export const CASE_OUTPUT_KEEP = 1024;
/** Kept of the output of a test run ("Online Test"), shown in full to its author. */
export const TEST_RUN_OUTPUT_KEEP = 64 * 1024;
/** JVM cgroup room above -Xmx for metaspace, code cache and thread stacks. */
const JVM_EXTRA_MB = 64;

export interface RunLimits {
  cpuMs: number;
  wallMs: number;
  /** What the language sees as its limit (e.g. -Xmx). */
  memoryMb: number;
  /** What the cgroup enforces. */
  cgroupBytes: number;
  stackMb: number;
  pids: number;
  addressSpaceBytes: number | null;
}

/** Non-C/C++ languages get their factor (2x) of time and memory, as the limits display says. */
export function runLimits(lang: LanguageDef, problem: Pick<TaskProblem, 'timeLimit' | 'memoryLimit' | 'stackLimit'>): RunLimits {
  const cpuMs = Math.max(1, Math.round(problem.timeLimit * lang.factor));
  const memoryMb = Math.max(1, Math.round(problem.memoryLimit * lang.factor));
  return {
    cpuMs,
    // Wall time is generous: judging machines are shared, CPU time is what the limit measures.
    wallMs: cpuMs * 3 + 1000,
    memoryMb,
    cgroupBytes: (memoryMb + (lang.jvm ? JVM_EXTRA_MB : 0)) * MiB,
    stackMb: Math.max(1, Math.min(problem.stackLimit || memoryMb, memoryMb)),
    pids: lang.jvm ? 128 : 64,
    addressSpaceBytes: lang.noAddressSpaceLimit ? null : memoryMb * 2 * MiB,
  };
}

/**
 * Checkers and interactors (the problem's code, compiled once and cached) get twice the compile
 * time: testlib.h alone costs about 5 s of CPU with -O2, more on a busy machine.
 */
export const JUDGE_SIDE_COMPILE_FACTOR = 2;

export function compileLimits(lang: LanguageDef, judgeSide = false) {
  const cpuMs = (lang.compileCpuMs ?? COMPILE_CPU_MS) * (judgeSide ? JUDGE_SIDE_COMPILE_FACTOR : 1);
  return {
    cpuMs,
    wallMs: cpuMs * 2 + 5000,
    memoryBytes: (lang.compileMemoryMb ?? COMPILE_MEMORY_MB) * MiB,
    outputBytes: 256 * MiB,
    pids: 256,
  };
}
