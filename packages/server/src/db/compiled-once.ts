import { CompiledQuery } from 'kysely';
import type { Db } from './index.js';

/**
 * A query built and compiled once per database, then run with each call's values. Kysely builds
 * and compiles a query afresh on every call, which for a hot read (a message page: a page read
 * with four lookups and the tab's counters) costs the server more than the indexed read itself.
 *
 * `make` builds the query with a placeholder number in place of each named value (`v.uid`, ...);
 * the compiled text keeps them as bound parameters, and each call puts its own values in their
 * places. Only values Kysely binds as parameters may be named (a where value, limit, offset), and
 * the query's shape must not depend on them.
 */
export function compiledOnce<K extends string, R>(keys: readonly K[], make: (db: Db, v: Record<K, number>) => { compile(): CompiledQuery<R> }) {
  // Placeholders no real value takes: large negative numbers, one per name.
  const marks = Object.fromEntries(keys.map((k, i) => [k, -2_000_000_011 - i])) as Record<K, number>;
  const byMark = new Map<unknown, K>(keys.map((k) => [marks[k], k]));
  const perDb = new WeakMap<Db, { sql: string; slots: ({ name: K } | { value: unknown })[] }>();
  return async (db: Db, values: Record<K, number>): Promise<R[]> => {
    let t = perDb.get(db);
    if (!t) {
      const c = make(db, marks).compile();
      const slots = c.parameters.map((p) => (byMark.has(p) ? { name: byMark.get(p)! } : { value: p }));
      const found = new Set(slots.flatMap((s) => ('name' in s ? [s.name] : [])));
      if (found.size !== keys.length) throw new Error(`compiledOnce: not every value is a parameter of ${c.sql}`);
      perDb.set(db, (t = { sql: c.sql, slots }));
    }
    const params = t.slots.map((s) => ('name' in s ? values[s.name] : s.value));
    return (await db.executeQuery<R>(CompiledQuery.raw(t.sql, params))).rows;
  };
}
