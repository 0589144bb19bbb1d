/**
 * Default worker names (slot-name.ts): stable across a restart on one machine, distinct between
 * workers running at once. Real processes claim the slots; one is killed with SIGKILL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimSlotName, defaultNameBase } from '../src/worker/slot-name.js';

const dir = mkdtempSync(join(tmpdir(), 'verdict-names-'));
const SLOT_NAME = resolve(import.meta.dirname, '../src/worker/slot-name.ts');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A worker-like process: claims a name under `d`, prints it, then runs until killed. */
function claimer(d: string): Promise<{ child: ChildProcess; name: string }> {
  const script = `const { claimSlotName } = await import(${JSON.stringify(SLOT_NAME)});
console.log(claimSlotName(${JSON.stringify(d)}, 'box').name);
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((res, rej) => {
    child.stdout!.once('data', (b) => res({ child, name: String(b).trim() }));
    child.once('exit', (code) => rej(new Error(`claimer exited ${code}`)));
  });
}
const kill9 = async (c: ChildProcess) => {
  const gone = new Promise((r) => c.once('exit', r));
  c.kill('SIGKILL');
  await gone;
};

describe('default worker names', () => {
  it('two workers running at once get different names; one killed and restarted gets its name back', async () => {
    const d = join(dir, 'procs');
    const [a, b] = await Promise.all([claimer(d), claimer(d)]);
    expect([a.name, b.name].sort()).toEqual(['box-1', 'box-2']);
    await kill9(a.child);
    // The restart: the killed worker's lock is still on disk, its owner is dead.
    const again = await claimer(d);
    expect(again.name).toBe(a.name);
    // While the others run, a third worker gets a third name.
    expect((await claimer(d)).name).toBe('box-3');
  }, 60_000);

  it('in one process: distinct slots; a released slot is taken again first', () => {
    const d = join(dir, 'one');
    const x = claimSlotName(d, 'h');
    const y = claimSlotName(d, 'h');
    expect([x.name, y.name]).toEqual(['h-1', 'h-2']);
    x.release();
    const z = claimSlotName(d, 'h');
    expect(z.name).toBe('h-1');
    y.release();
    z.release();
  });

  it('a lock whose pid now belongs to another process (pid reuse) does not keep the slot', () => {
    const d = join(dir, 'reuse');
    const x = claimSlotName(d, 'h');
    x.release();
    // Our own pid, but another start time: the process that wrote it is gone.
    writeFileSync(join(d, 'slot-1.lock'), JSON.stringify({ pid: process.pid, start: '1' }));
    const y = claimSlotName(d, 'h');
    expect(y.name).toBe('h-1');
    y.release();
    // A lock of a pid that no longer exists at all.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(d, 'slot-1.lock'), JSON.stringify({ pid: Number(dead), start: null }));
    expect(claimSlotName(d, 'h').name).toBe('h-1');
  });

  it('names carry a tag of a state directory other than the default one', () => {
    expect(defaultNameBase(join(tmpdir(), 'verdict-judge'))).not.toMatch(/-[0-9a-f]{6}$/);
    const other = defaultNameBase('/srv/judge-a');
    expect(other).toMatch(/-[0-9a-f]{6}$/);
    expect(other).not.toBe(defaultNameBase('/srv/judge-b'));
    expect(defaultNameBase('/srv/judge-a')).toBe(other);
  });
});
