import crypto from 'node:crypto';
import type { AppContext } from '../context.js';

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
 * Reads are shared: while one is running, callers that arrive wait for the next one, which starts
 * when it ends and answers all of them (it starts after they arrived, so it sees every write they
 * could know of). At 50 concurrent requests on PostgreSQL that is one round trip per round-trip
 * time instead of one per request.
 */
export const STAMP_NAMES = ['site', 'auth'] as const;
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
    const out = { site: '', auth: '' } as Stamps;
    for (const r of rows) out[r.key.slice('stamp:'.length) as StampName] = r.value;
    return out;
  };
  let running: Promise<Stamps> | null = null;
  let queued: Promise<Stamps> | null = null;
  const start = (): Promise<Stamps> => {
    const p = fetch().finally(() => { if (running === p) running = null; });
    running = p;
    return p;
  };
  return {
    read() {
      if (!running) return start();
      // The running read may have started before this caller's causes committed: wait for the next.
      queued ??= running.catch(() => undefined).then(() => {
        queued = null;
        return running ?? start();
      });
      return queued;
    },
    async bump(name) {
      const value = crypto.randomUUID();
      await ctx.db.insertInto('site_config').values({ key: `stamp:${name}`, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
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
