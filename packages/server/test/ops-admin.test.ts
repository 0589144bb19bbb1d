import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { createTestApp, type TestApp } from './helpers.js';
import { Role, call, user, type CUser } from './contest-fixtures.js';
import { sleep } from './judge-fixtures.js';

/** Admin → Backups: start, list, keep the last N, download, and the daily run claimed by one process. */
let t: TestApp;
let root: CUser;
let admin: CUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await user(t, 'bk_root', Role.ROOT);
  admin = await user(t, 'bk_admin', Role.ADMIN);
});
afterAll(async () => { await t?.close(); });

async function startAndWait(): Promise<string> {
  const res = await call(t, 'POST', '/admin/backup/start', { as: root });
  expect(res.code, res.msg).toBe(200);
  for (;;) {
    const list = await call(t, 'GET', '/admin/backup/list', { as: root });
    if (!list.data.running) {
      expect(list.data.lastError).toBeNull();
      return res.data.name;
    }
    await sleep(50);
  }
}

describe('admin backups', () => {
  it('starts a backup, lists it with size and time, and serves it to root only', async () => {
    const name = await startAndWait();
    const { data } = await call(t, 'GET', '/admin/backup/list', { as: root });
    expect(data.settings).toEqual({ daily: true, keep: 7 });
    expect(data.backups[0]).toMatchObject({ name });
    expect(data.backups[0].size).toBeGreaterThan(100);
    const dl = await call(t, 'GET', '/admin/backup/download', { as: root, query: { name } });
    expect(dl.code).toBe(200);
    expect(dl.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call(t, 'GET', '/admin/backup/download', { as: admin, query: { name } })).code).toBe(403);
    expect((await call(t, 'POST', '/admin/backup/start', { as: admin })).code).toBe(403);
    const bad = await call(t, 'GET', '/admin/backup/download', { as: root, query: { name: '../verdict.db' } });
    expect([bad.code, bad.msg]).toEqual([400, 'This is not the name of a backup archive']);
    const gone = await call(t, 'GET', '/admin/backup/download', { as: root, query: { name: 'verdict-20000101-000000.zip' } });
    expect([gone.code, gone.msg]).toEqual([404, 'There is no backup named verdict-20000101-000000.zip']);
  });

  it('removes the unfinished archive a stopped process left', async () => {
    const dir = t.ctx.services.backup.dir;
    const stale = path.join(dir, 'verdict-20000101-000000.zip.partial');
    fs.writeFileSync(stale, 'half');
    fs.utimesSync(stale, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));
    const { data } = await call(t, 'GET', '/admin/backup/list', { as: root });
    expect(data.running).toBe(false);
    expect(fs.existsSync(stale)).toBe(false);
  });

  it('refuses a second backup while one is written', async () => {
    const first = await call(t, 'POST', '/admin/backup/start', { as: root });
    const second = await call(t, 'POST', '/admin/backup/start', { as: root, lang: 'en-US' });
    expect(first.code).toBe(200);
    expect(second.code).toBe(409);
    expect(second.msg).toBe('A backup is already being written: wait for it to finish');
    while ((await call(t, 'GET', '/admin/backup/list', { as: root })).data.running) await sleep(50);
  });

  it('keeps the last N archives and checks the setting', async () => {
    const bad = await call(t, 'PUT', '/admin/backup/settings', { as: root, body: { daily: true, keep: 0 }, lang: 'zh-CN' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('保留的备份数应在 1 到 100 之间');
    expect((await call(t, 'PUT', '/admin/backup/settings', { as: root, body: { daily: false, keep: 2 } })).code).toBe(200);
    const names = [await startAndWait(), await startAndWait()];
    const { data } = await call(t, 'GET', '/admin/backup/list', { as: root });
    expect(data.settings).toEqual({ daily: false, keep: 2 });
    expect(data.backups.map((b: { name: string }) => b.name).sort()).toEqual(names.sort());
  });

  it('runs the daily backup in exactly one of several server processes', async () => {
    await call(t, 'PUT', '/admin/backup/settings', { as: root, body: { daily: true, keep: 3 } });
    const others: BuiltApp[] = [await buildApp(t.ctx.config, { logger: false }), await buildApp(t.ctx.config, { logger: false })];
    try {
      const services = [t.ctx.services.backup, ...others.map((o) => o.ctx.services.backup)];
      // The first check starts the clock (no archive on a site's first start), a day later one process writes it.
      expect(await services[0].runIfDue()).toBe(false);
      expect((await call(t, 'GET', '/admin/backup/list', { as: root })).data.lastRunAt).toBeGreaterThan(0);
      const day = Date.now() + 2 * 24 * 3600_000;
      const ran = await Promise.all(services.map((s) => s.runIfDue(day)));
      expect(ran.filter(Boolean)).toHaveLength(1);
      // Not due again within the day; due the next day.
      expect(await services[1].runIfDue(day + 3600_000)).toBe(false);
      expect(await services[2].runIfDue(day + 25 * 3600_000)).toBe(true);
      expect((await call(t, 'GET', '/admin/backup/list', { as: root })).data.backups).toHaveLength(3);
    } finally {
      for (const o of others) await o.app.close();
    }
  });
});
