import type { Insertable } from 'kysely';
import type { JudgeServer, LanguageAvailability } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { JudgeServerTable } from '../../db/schema.js';
import { now } from '../../lib/time.js';
import { ONLINE_MS } from './service.js';

/** The judge_server rows: what workers register and report, and the admin's list of them. */

/** A worker's registration as stored (everything but its name and first registration). */
export type WorkerRegistration = Omit<Insertable<JudgeServerTable>, 'id' | 'name' | 'gmt_create'>;

/** Registers (or registers again) the worker named `name`; a concurrent first registration updates instead. */
export async function saveWorker(db: Db, name: string, values: WorkerRegistration, t: number): Promise<void> {
  const res = await db.updateTable('judge_server').set(values).where('name', '=', name).executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return;
  try {
    await db.insertInto('judge_server').values({ name, gmt_create: t, ...values }).execute();
  } catch {
    // Registered concurrently by another request: update instead.
    await db.updateTable('judge_server').set(values).where('name', '=', name).execute();
  }
}

/** A worker's heartbeat; false when no worker of that name is registered (the server forgot it). */
export async function workerHeartbeat(db: Db, name: string, load: number, running: number): Promise<boolean> {
  const res = await db.updateTable('judge_server').set({ load, running, last_heartbeat: now() }).where('name', '=', name).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks the worker live at `t` (its claims count as heartbeats). */
export async function touchWorker(db: Db, name: string, t: number): Promise<void> {
  await db.updateTable('judge_server').set({ last_heartbeat: t }).where('name', '=', name).execute();
}

/** A problem's test-data version, for the workers' test-data calls (undefined: no such problem). */
export function problemCaseVersion(db: Db, pid: number) {
  return db.selectFrom('problem').select(['id', 'case_version']).where('id', '=', pid).executeTakeFirst();
}

/** The languages a worker registered with, as stored (judge_server.languages, a JSON list). */
function storedLanguages(json: string): LanguageAvailability[] {
  let list: unknown;
  try { list = JSON.parse(json); } catch { return []; }
  if (!Array.isArray(list)) return [];
  return list.filter((l): l is Record<string, unknown> => !!l && typeof l === 'object' && typeof l.name === 'string')
    .map((l) => ({ name: l.name as string, available: l.available === true, version: typeof l.version === 'string' ? l.version : null }));
}

/** Judge service info of the admin dashboard: every registered worker by name, online when heard from lately. */
export async function listJudgeServers(db: Db): Promise<JudgeServer[]> {
  const rows = await db.selectFrom('judge_server').selectAll().orderBy('name').execute();
  const t = now();
  return rows.map((r) => ({
    id: r.id, name: r.name, version: r.version, cpuCores: r.cpu_cores, slots: r.slots, languages: storedLanguages(r.languages), isolation: r.isolation,
    load: r.load, running: r.running, isLocal: r.is_local === 1, lastHeartbeat: r.last_heartbeat,
    online: t - r.last_heartbeat <= ONLINE_MS, gmtCreate: r.gmt_create,
  }));
}
