import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { sqliteDataVersion } from '../db/index.js';
import { sharedRead } from '../lib/shared-read.js';

/**
 * Change stamps for the per-process caches of hot, rarely written rows (site switches, sessions).
 * Each stamp is a row of site_config (`stamp:<name>`) given a fresh random value by every write
 * that must reach the caches; a process reads all stamps in one tiny query and drops a cache
 * whose stamp moved. The database is the one place every server process sees (a cluster, several
 * machines, SQLite or PostgreSQL), so a write is seen by the very next request on any process,
 * which a pub/sub message could not promise.
 *
 * A writer changes its rows first and bumps the stamp after; a reader reads the stamps first and
 * its rows after, so a cache can hold newer rows under an older stamp but never the reverse.
 *
 * Reads are shared (lib/shared-read.ts): at 50 concurrent requests on PostgreSQL that is one
 * round trip per round-trip time instead of one per request. On SQLite a read is skipped
 * altogether while no other connection has committed since the last one (PRAGMA data_version)
 * and this process bumped nothing.
 */
export const STAMP_NAMES = ['site', 'auth', 'contest'] as const;
export type StampName = (typeof STAMP_NAMES)[number];
export type Stamps = Record<StampName, string>;

const KEYS = STAMP_NAMES.map((n) => `stamp:${n}`);

export interface StampReader {
  /** The stamps as of a read that started after this call. */
  read(): Promise<Stamps>;
  /** Marks `name`'s cached rows stale on every process; call after the write committed. */
  bump(name: StampName): Promise<void>;
}

function createStamps(ctx: AppContext): StampReader {
  // Compiled once: building and compiling a Kysely query costs more than running this one.
  const query = ctx.db.selectFrom('site_config').select(['key', 'value']).where('key', 'in', KEYS).compile();
  const fetch = async (): Promise<Stamps> => {
    const { rows } = await ctx.db.executeQuery(query);
    const out = { site: '', auth: '', contest: '' } as Stamps;
    for (const r of rows) out[r.key.slice('stamp:'.length) as StampName] = r.value;
    return out;
  };
  // SQLite: the last stamps and what they were read under. While no other connection committed
  // (data_version) and this process bumped nothing, they are still current: no query at all.
  const dataVersion = sqliteDataVersion.get(ctx.db);
  let localBumps = 0;
  let last: { stamps: Stamps; version: number; localBumps: number } | null = null;
  const shared = sharedRead(async () => {
    const version = dataVersion?.() ?? null;
    const bumps = localBumps;
    const stamps = await fetch();
    if (version !== null) last = { stamps, version, localBumps: bumps };
    return stamps;
  });
  return {
    read() {
      if (last && last.localBumps === localBumps && last.version === dataVersion?.()) return Promise.resolve(last.stamps);
      return shared();
    },
    async bump(name) {
      const value = crypto.randomUUID();
      await ctx.db.insertInto('site_config').values({ key: `stamp:${name}`, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
      localBumps++;
    },
  };
}

const bySite = new WeakMap<AppContext, StampReader>();

/** The site's stamp reader (one per app: its caches and its shared reads). */
export function stampsOf(ctx: AppContext): StampReader {
  let s = bySite.get(ctx);
  if (!s) bySite.set(ctx, (s = createStamps(ctx)));
  return s;
}

const byRequest = new WeakMap<FastifyRequest, Promise<Stamps>>();

/**
 * The stamps for one request, read once: a read that started after the request arrived is as
 * fresh as the request needs (its causes committed before it was sent), so the session lookup
 * and the handler's caches share it instead of waiting for a shared read each.
 */
export function requestStamps(ctx: AppContext, req: FastifyRequest): Promise<Stamps> {
  let p = byRequest.get(req);
  if (!p) byRequest.set(req, (p = stampsOf(ctx).read()));
  return p;
}

/**
 * The stamps as columns of another query, read in its snapshot: a request whose first read is a
 * query of its own (a session not cached yet) gets its stamps with it instead of a read before it
 * (seedRequestStamps). Read them back with splitStampColumns.
 */
export function stampColumns() {
  return STAMP_NAMES.map((n) => sql<string | null>`(SELECT value FROM site_config WHERE key = ${`stamp:${n}`})`.as(`stamp_${n}` as const));
}

type StampColumns = Record<`stamp_${StampName}`, string | null>;

/** A row read with stampColumns: its stamps, and the row without them. */
export function splitStampColumns<R extends StampColumns>(row: R): { stamps: Stamps; rest: Omit<R, keyof StampColumns> } {
  const stamps = {} as Stamps;
  const rest: Record<string, unknown> = { ...row };
  for (const n of STAMP_NAMES) {
    stamps[n] = row[`stamp_${n}`] ?? '';
    delete rest[`stamp_${n}`];
  }
  return { stamps, rest: rest as Omit<R, keyof StampColumns> };
}

/** This request's stamps, read by its own query (stampColumns), unless it has some already. */
export function seedRequestStamps(req: FastifyRequest, stamps: Stamps) {
  if (!byRequest.has(req)) byRequest.set(req, Promise.resolve(stamps));
}

/**
 * A per-process cache of rows that change under one stamp: the returned function answers from
 * memory while the stamp a value was read under has not moved, else loads again (concurrent misses share one load).
 * `stamps`: the request's (requestStamps), else a shared read is made. Values are frozen: they are
 * shared by every request. Missing rows (undefined) are not kept.
 */
export function stampedCache<K, V>(name: StampName, max = 1000) {
  const bySite = new WeakMap<AppContext, Map<K, { stamp: string; value: Promise<V> }>>();
  return async (ctx: AppContext, key: K, load: () => Promise<V>, stamps?: Promise<Stamps>): Promise<V> => {
    const stamp = (await (stamps ?? stampsOf(ctx).read()))[name];
    let entries = bySite.get(ctx);
    if (!entries) bySite.set(ctx, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value;
    if (entries.size >= max) entries.clear();
    const value = load().then(deepFreeze);
    const entry = { stamp, value };
    entries.set(key, entry);
    const drop = () => { if (entries.get(key) === entry) entries.delete(key); };
    value.then((v) => { if (v === undefined) drop(); }, drop);
    return value;
  };
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
