import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { alive } from '../sandbox/uid-pool.js';

/**
 * The default worker name: the same after a restart on the same machine, never the same for two
 * workers running at once there.
 *
 * A restarted worker registers with `fresh: true`, and the server puts the leases still held under
 * its name back at once; that only works when the name survives the restart. So the name is
 * `<host>-<slot>`, where the slot is the lowest number whose lock file under the state directory
 * (`names/slot-N.lock`, created with O_EXCL) is free or held by a dead process. A worker killed
 * with SIGKILL leaves its lock behind; the next worker on the machine sees its owner dead and
 * takes the slot, and with it the name, back. Two live workers never get the same slot.
 *
 * A lock records the owner's pid and its start time (from /proc), so a pid reused by an unrelated
 * process after a reboot does not keep the slot taken. Workers with different state directories
 * (VERDICT_JUDGE_DIR) on one machine do not see each other's locks: their names then also carry a
 * short hash of the directory, so they still differ.
 */
export interface SlotName {
  readonly name: string;
  readonly slot: number;
  /** Frees the slot (stop); a killed worker's slot is freed by the next claimer instead. */
  release(): void;
}

/** Slots tried before giving up (far more workers than one machine runs). */
const MAX_SLOTS = 1000;
/** A takeover guard older than this was left by a process that died during the takeover. */
const GUARD_STALE_MS = 10_000;

interface Owner { pid: number; start: string | null }

/** Start time of a process in clock ticks since boot (field 22 of /proc/PID/stat), or null. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readOwner(file: string): Owner | null {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof o.pid === 'number' ? { pid: o.pid, start: typeof o.start === 'string' ? o.start : null } : null;
  } catch {
    return null;
  }
}

/** Whether the recorded owner still runs (the same process, not a later one with its pid). */
function ownerAlive(o: Owner | null): boolean {
  if (!o) return false;
  if (!alive(o.pid)) return false;
  const now = startTime(o.pid);
  return o.start === null || now === null || now === o.start;
}

/** Creates `file` with our owner record; false when it exists. */
function create(file: string, me: Owner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(me));
  } finally {
    closeSync(fd);
  }
  return true;
}

const unlinkQuiet = (file: string) => {
  try { unlinkSync(file); } catch {}
};

/**
 * Takes a slot whose lock belongs to a dead process. Only the holder of the slot's takeover guard
 * (also O_EXCL) may delete the stale lock, and only if it still holds the dead owner it read, so
 * two workers taking over at once never delete each other's fresh lock.
 */
function takeOver(file: string, stale: Owner | null, me: Owner): boolean {
  const guard = `${file}.takeover`;
  if (!create(guard, me)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS && !ownerAlive(readOwner(guard))) unlinkQuiet(guard);
    } catch {}
    return false;
  }
  try {
    const now = readOwner(file);
    const same = now === null ? stale === null : stale !== null && now.pid === stale.pid && now.start === stale.start;
    if (!same || ownerAlive(now)) return false;
    unlinkQuiet(file);
    return create(file, me);
  } finally {
    unlinkQuiet(guard);
  }
}

/** The host part of default names: the host name, plus a tag of the state directory when it is not the default one. */
export function defaultNameBase(stateDir: string): string {
  const host = hostname().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 60) || 'judge';
  if (resolve(stateDir) === resolve(join(tmpdir(), 'verdict-judge'))) return host;
  return `${host}-${createHash('sha256').update(resolve(stateDir)).digest('hex').slice(0, 6)}`;
}

/** Claims the lowest free slot under `dir` (created if missing) and names it `<base>-<slot>`. */
export function claimSlotName(dir: string, base: string): SlotName {
  mkdirSync(dir, { recursive: true });
  const me: Owner = { pid: process.pid, start: startTime(process.pid) };
  for (let slot = 1; slot <= MAX_SLOTS; slot++) {
    const file = join(dir, `slot-${slot}.lock`);
    let mine = create(file, me);
    if (!mine) {
      const owner = readOwner(file);
      // A lock still being written reads as null for a moment: only a dead owner's lock is taken over.
      if (owner && ownerAlive(owner)) continue;
      if (!owner) {
        try {
          if (Date.now() - statSync(file).mtimeMs < GUARD_STALE_MS) continue;
        } catch {
          continue;
        }
      }
      mine = takeOver(file, owner, me);
    }
    if (!mine) continue;
    let released = false;
    return {
      name: `${base}-${slot}`,
      slot,
      release() {
        if (released) return;
        released = true;
        const o = readOwner(file);
        if (o && o.pid === me.pid && o.start === me.start) unlinkQuiet(file);
      },
    };
  }
  throw new Error(`no free worker name slot under ${dir} (${MAX_SLOTS} taken): pass --name`);
}
