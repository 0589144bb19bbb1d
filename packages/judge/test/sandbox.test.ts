import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Box, sweepStaleBoxes } from '../src/sandbox/box.js';
import { boxesDir } from '../src/sandbox/paths.js';
import { buildSeccompProgram } from '../src/sandbox/seccomp.js';
import { caps, sandboxReady } from './helpers.js';

const base = { cpuMs: 1000, wallMs: 4000, memoryBytes: 64 << 20, outputBytes: 1 << 20, pids: 16 };

describe('capabilities', () => {
  it('reports an isolation level and why it is lower than full', () => {
    expect(['full', 'no-cgroup', 'none']).toContain(caps.isolation);
    if (caps.isolation !== 'full') expect(caps.problems.length).toBeGreaterThan(0);
  });

  it('generates a seccomp program of whole BPF instructions', () => {
    const prog = buildSeccompProgram();
    expect(prog.length % 8).toBe(0);
    expect(prog.length / 8).toBeGreaterThan(50);
  });
});

describe.skipIf(!sandboxReady)('box', () => {
  let box: Box;
  beforeAll(async () => { box = await Box.open({}); });
  afterAll(async () => { await box?.close(); });

  it('runs its programs in their own PID namespace under the box runner as PID 1', async () => {
    const r = await box.run({ ...base, argv: ['/bin/sh', '-c', 'echo $$; tr "\\0" " " < /proc/1/cmdline'], stdout: '/w/out' });
    expect(r.outcome).toBe('ok');
    const [pid, init] = readFileSync(box.hostPath('out'), 'utf8').trim().split('\n');
    expect(Number(pid)).toBeLessThan(10);
    expect(init.trim()).toBe('/.boxrun');
    // Seen from the host, the runner has two pids: its host pid and 1 in the box's namespace.
    const nspid = /^NSpid:\s+(.*)$/m.exec(readFileSync(`/proc/${box.hostPid1}/status`, 'utf8'))![1].trim().split(/\s+/);
    expect(nspid).toEqual([String(box.hostPid1), '1']);
    expect(readFileSync(`/proc/${box.hostPid1}/cmdline`, 'utf8')).toContain('/.boxrun');
  });

  it('runs as an unprivileged uid with no capabilities and no network', async () => {
    const r = await box.run({ ...base, argv: ['/bin/sh', '-c', 'id -u; grep CapEff /proc/self/status; cat /proc/net/dev | wc -l'], stdout: '/w/out' });
    expect(r.outcome).toBe('ok');
    const [uid, capEff, netLines] = readFileSync(box.hostPath('out'), 'utf8').trim().split('\n');
    expect(Number(uid)).toBe(box.uid);
    expect(capEff).toMatch(/0000000000000000/);
    expect(Number(netLines)).toBe(3); // two header lines and "lo"
  });

  it('classifies TLE by CPU time, MLE by the OOM counter, RE by exact signal', async () => {
    const tle = await box.run({ ...base, wallMs: 10_000, argv: ['/bin/sh', '-c', 'while :; do :; done'] });
    expect(tle.outcome).toBe('tle');
    // Stopped by CPU time (polled from the cgroup), long before the 10 s wall limit.
    expect(tle.cpuMs).toBeGreaterThanOrEqual(1000);
    expect(tle.wallMs).toBeLessThan(10_000);
    const segv = await box.run({ ...base, argv: ['/bin/sh', '-c', 'kill -SEGV $$'] });
    expect(segv).toMatchObject({ outcome: 're', signal: 11 });
    const exit3 = await box.run({ ...base, argv: ['/bin/sh', '-c', 'exit 3'] });
    expect(exit3).toMatchObject({ outcome: 're', exitCode: 3 });
    if (caps.cgroup) {
      const mle = await box.run({ ...base, argv: ['/usr/bin/python3', '-c', 'x = bytearray(200 << 20)'] });
      expect(mle.outcome).toBe('mle');
      expect(mle.oomKilled).toBe(true);
    }
  });

  it('stops output floods at the output limit', async () => {
    const r = await box.run({ ...base, outputBytes: 1 << 16, argv: ['/usr/bin/yes'], stdout: '/w/flood' });
    expect(r.outcome).toBe('ole');
    expect(readFileSync(box.hostPath('flood')).length).toBeLessThanOrEqual(1 << 16);
  });
});

describe.skipIf(!sandboxReady)('after a crash', () => {
  it('a restarted judge sweeps the work dirs of dead judge processes, not of live ones', async () => {
    const dead = join(boxesDir(), '61999-999999999-abcdef');
    mkdirSync(dead, { recursive: true });
    const live = await Box.open({});
    // An empty cgroup of a live judge (a box being set up) stays; one of a dead judge goes.
    const parents = caps.cgroup ? [...new Set(Object.values(caps.cgroup.parents))] : [];
    const liveCg = parents.map((p) => join(p, `box-61998-${process.pid}-abcd`));
    const deadCg = parents.map((p) => join(p, 'box-61997-999999999-abcd'));
    for (const d of [...liveCg, ...deadCg]) mkdirSync(d, { recursive: true });
    try {
      sweepStaleBoxes();
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live.hostDir)).toBe(true);
      for (const d of liveCg) expect(existsSync(d), d).toBe(true);
      for (const d of deadCg) expect(existsSync(d), d).toBe(false);
    } finally {
      await live.close();
      for (const d of liveCg) rmdirSync(d);
    }
  });
});

describe.skipIf(!sandboxReady)('box without cgroups (isolation "no-cgroup")', () => {
  let box: Box;
  beforeAll(async () => { box = await Box.open({ caps: { ...caps, cgroup: null, isolation: 'no-cgroup' } }); });
  afterAll(async () => { await box?.close(); });

  it('still stops CPU hogs and memory hogs with rlimits', async () => {
    const tle = await box.run({ ...base, wallMs: 10_000, argv: ['/bin/sh', '-c', 'while :; do :; done'] });
    expect(tle.outcome).toBe('tle');
    const mem = await box.run({ ...base, argv: ['/usr/bin/python3', '-c', 'x = bytearray(200 << 20)'], stderr: '/w/err' });
    expect(mem.outcome).toBe('re');
    expect(readFileSync(box.hostPath('err'), 'utf8')).toMatch(/MemoryError/);
  });
});
