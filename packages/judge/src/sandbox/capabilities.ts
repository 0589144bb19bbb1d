import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { IsolationLevel } from '@verdict/shared';
import { detectCgroups, type CgroupMode } from './cgroup.js';

export interface Capabilities {
  bwrap: string | null;
  bwrapVersion: string | null;
  /** bwrap could create user, PID and network namespaces for an unprivileged uid. */
  namespaces: boolean;
  /** The box's first process really is PID 1 of its own PID namespace (checked by running one). */
  ownPidNamespace: boolean;
  cgroup: CgroupMode | null;
  seccomp: boolean;
  isolation: IsolationLevel;
  problems: string[];
}

const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];
/** Probe uid: never used by a slot, only for the start-up check. */
export const PROBE_UID = 60999;

let cached: Capabilities | null = null;

/** Detects what this machine offers for isolation; the result is cached for the process. */
export function detectCapabilities(refresh = false): Capabilities {
  if (cached && !refresh) return cached;
  const problems: string[] = [];
  const bwrap = BWRAP_CANDIDATES.find((p) => existsSync(p)) ?? null;
  let bwrapVersion: string | null = null;
  let namespaces = false;
  let ownPidNamespace = false;
  if (!bwrap) problems.push('bubblewrap (bwrap) is not installed');
  else {
    try {
      bwrapVersion = execFileSync(bwrap, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      problems.push('bwrap --version failed');
    }
    // A throw-away box as an unprivileged uid: proves user, PID and net namespaces work.
    const probe = spawnSync(
      bwrap,
      ['--unshare-all', '--unshare-user', '--die-with-parent', '--new-session', '--clearenv', '--as-pid-1',
        '--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib',
        '--symlink', 'usr/lib64', '/lib64', '--proc', '/proc', '--dev', '/dev',
        '/bin/sh', '-c', 'echo $$; ls /sys/class/net 2>/dev/null | wc -l; cat /proc/net/dev | wc -l'],
      { encoding: 'utf8', uid: process.getuid?.() === 0 ? PROBE_UID : undefined, gid: process.getuid?.() === 0 ? PROBE_UID : undefined, timeout: 10_000 },
    );
    if (probe.status === 0) {
      namespaces = true;
      const [pid, , netLines] = probe.stdout.trim().split('\n');
      ownPidNamespace = pid.trim() === '1';
      // /proc/net/dev has 2 header lines + one per interface; a fresh net namespace has only "lo".
      if (Number(netLines) > 3) problems.push('network namespace is not private');
      if (!ownPidNamespace) problems.push('box does not run as PID 1 of its own PID namespace');
    } else problems.push(`bwrap cannot create namespaces: ${(probe.stderr || probe.error?.message || '').trim()}`);
  }
  const cgroup = detectCgroups(problems);
  const seccomp = process.arch === 'x64' && seccompAvailable();
  if (!seccomp) problems.push('seccomp filters unavailable (only x86_64 is supported)');
  const isolation: IsolationLevel = !bwrap || !namespaces || !ownPidNamespace ? 'none' : cgroup ? 'full' : 'no-cgroup';
  cached = { bwrap, bwrapVersion, namespaces, ownPidNamespace, cgroup, seccomp, isolation, problems };
  return cached;
}

function seccompAvailable(): boolean {
  try {
    return readFileSync('/proc/sys/kernel/seccomp/actions_avail', 'utf8').includes('errno');
  } catch {
    return false;
  }
}
