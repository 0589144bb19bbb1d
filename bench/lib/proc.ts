/**
 * What the benchmarks read of processes from Linux's /proc: CPU used so far (per request it says
 * what a server spends on one answer, much less disturbed than latency by whatever else runs on
 * the machine) and a process's children (a cluster primary's server processes, its judge worker).
 */
import fs from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (which may itself hold spaces). */
const statOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** CPU time (user + system, ms) a process has used so far; null when it is gone or there is no /proc. */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const f = statOf(pid);
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid`; with `marker`, only those whose command line contains it. */
export function childPids(pid: number, marker?: string): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (Number(statOf(Number(d))[1]) !== pid) continue;
      if (marker && !fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(marker)) continue;
      out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU time (ms) of a process and its children (a cluster's server processes); null when it is gone. */
export function treeCpuMs(pid: number | undefined): number | null {
  const own = cpuMs(pid);
  if (own === null) return null;
  return childPids(pid!).reduce((sum, p) => sum + (cpuMs(p) ?? 0), own);
}
