import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Box, sweepStaleBoxes } from '../src/sandbox/box.js';
import { boxesDir } from '../src/sandbox/paths.js';
import { buildSeccompProgram } from '../src/sandbox/seccomp.js';
import { caps, sandboxReady, starvingBoxes } from './helpers.js';

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

  it('runs its programs in a cpu cgroup of the smallest weight, so judging never slows the site on the same machine', async () => {
    if (!caps.cgroup) return;
    const lines = readFileSync(`/proc/${box.hostPid1}/cgroup`, 'utf8').trim().split('\n');
    // v2: the one unified line; v1: the cpu controller's own line (alone or with cpuacct).
    const line = caps.cgroup.version === 2 ? lines.find((l) => l.startsWith('0::')) : lines.find((l) => l.split(':')[1].split(',').includes('cpu'));
    expect(line).toMatch(/\/verdict\/box-[^/]+$/);
    const parent = caps.cgroup.parents.sched ?? caps.cgroup.parents.cpu;
    const weight = readFileSync(join(parent, caps.cgroup.version === 2 ? 'cpu.weight' : 'cpu.shares'), 'utf8').trim();
    expect(weight).toBe(caps.cgroup.version === 2 ? '1' : '2');
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

  it('does not count time spent waiting for a CPU against the wall limit, but a sleeping program times out on time', async () => {
    if (!caps.cgroup) return;
    const starve = starvingBoxes(caps.cgroup);
    let starvedBox: Box | undefined;
    let stop: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    try {
      starvedBox = await Box.open({ caps: starve.caps });
      starve.hogs();
      // The hogs stop 1.5 s after the program has started (it leaves a marker), however long the
      // run took to set up.
      const marker = starvedBox.hostPath('started');
      poll = setInterval(() => { if (!stop && existsSync(marker)) stop = setTimeout(starve.stopHogs, 1500); }, 10);
      // About 0.1 s of CPU, under a 1 s wall limit it would miss while starved.
      const starved = await starvedBox.run({ ...base, wallMs: 1000, argv: ['/bin/sh', '-c', ': > /w/started; i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done'] });
      expect(starved).toMatchObject({ outcome: 'ok', starved: false });
      expect(starved.wallMs).toBeGreaterThan(1000);
      expect(starved.cpuWaitMs).toBeGreaterThan(0);
    } finally {
      clearInterval(poll);
      clearTimeout(stop);
      await starvedBox?.close();
      await starve.remove();
    }
    const sleeper = await box.run({ ...base, wallMs: 300, argv: ['/bin/sleep', '5'] });
    expect(sleeper).toMatchObject({ outcome: 'tle', starved: false });
    expect(sleeper.wallMs).toBeLessThan(1000);
  });

  it('a box whose runner waits for a CPU before it can say READY is waited for, not a "did not start" error', async () => {
    if (!caps.cgroup) return;
    const starve = starvingBoxes(caps.cgroup);
    let starvedBox: Box | undefined;
    try {
      starve.hogs();
      // The runner gets well under 1 % of a CPU: it needs far longer than 20 ms to start.
      const started = Date.now();
      starvedBox = await Box.open({ caps: starve.caps, readyWaitMs: 20 });
      expect(Date.now() - started).toBeGreaterThan(20);
      starve.stopHogs();
      expect(await starvedBox.run({ ...base, argv: ['/bin/true'] })).toMatchObject({ outcome: 'ok' });
    } finally {
      await starvedBox?.close();
      await starve.remove();
    }
  });

  it('says a program starved when it waited for a CPU beyond the allowance (4x its wall limit) with CPU time to spare', async () => {
    if (!caps.cgroup) return;
    const starve = starvingBoxes(caps.cgroup);
    let starvedBox: Box | undefined;
    try {
      starvedBox = await Box.open({ caps: starve.caps });
      starve.hogs();
      const r = await starvedBox.run({ ...base, wallMs: 200, argv: ['/bin/sh', '-c', 'i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done'] });
      expect(r).toMatchObject({ outcome: 'tle', starved: true, cpuWaitMs: 800 });
      expect(r.cpuMs).toBeLessThan(base.cpuMs);
      // Its own CPU limit spent is a TLE, starved or not.
      const loop = await starvedBox.run({ ...base, cpuMs: 10, wallMs: 200, argv: ['/bin/sh', '-c', 'while :; do :; done'] });
      expect(loop.outcome).toBe('tle');
    } finally {
      await starvedBox?.close();
      await starve.remove();
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
