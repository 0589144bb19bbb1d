import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Named prepared statements for Kysely's PostgresDialect. Planning a statement costs more than
 * running most of our indexed queries; node-postgres parses a query that carries a `name` once
 * per connection and reuses it afterwards. This pool hands Kysely clients whose plain DML/SELECT
 * go out under a name derived from the SQL text (Kysely texts carry placeholders, never values).
 *
 * Bound: at most `max` (100) statements per connection, least recently used deallocated first:
 * with the pool's 20 connections at most 2,000, about 30 KB of backend memory each as measured
 * (a rank, training and verdict mix uses 40 distinct texts in all). Texts whose shape follows a
 * list length (`in ($1, $2, ...)`, multi-row `values`), long texts and those with many parameters
 * are never named. Inside a transaction nothing is evicted: a full cache runs new texts unnamed.
 *
 * Schema changes: PostgreSQL replans a prepared statement itself, but refuses one whose result
 * columns changed ("cached plan must not change result type", e.g. `select *` after ADD COLUMN).
 * Outside a transaction the statement is retried once unnamed, nothing failed; inside one the
 * error stands (the transaction is already aborted), as with any failed statement. Either way
 * every connection of the pool drops its statements before its next statement or transaction
 * (a name gone missing or already there only resets its own connection). A restarted backend
 * comes back as new clients, which start with an empty cache.
 */
export interface PreparedOptions { max?: number }

const unprepared = new AsyncLocalStorage<true>();

let running = 0;

/**
 * Runs `fn` with every statement unnamed (migrations: DDL and DML interleave in one transaction).
 * The storage is switched off again once no such run is left: while any AsyncLocalStorage is on,
 * Node runs a hook on every promise the server makes (about a tenth of a small request's CPU).
 */
export async function withoutPreparedStatements<T>(fn: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await unprepared.run(true, fn);
  } finally {
    if (--running === 0) unprepared.disable();
  }
}

const DML = /^\s*(select|insert|update|delete|with)\b/i;
const LIST = /\bin\s*\(\s*\$\d+\s*,|\)\s*,\s*\(\s*\$\d+/i;
const MAX_TEXT = 8000;
const MAX_PARAMS = 64;

/** Plain DML whose text does not grow with a list: worth a name. */
export function preparable(text: string, params: readonly unknown[]): boolean {
  return text.length <= MAX_TEXT && params.length <= MAX_PARAMS && DML.test(text) && !text.includes(';')
    && !LIST.test(text) && !/\bpg_notify\b/i.test(text);
}

export const statementName = (text: string) => `vd_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 32)}`;

/** Transaction control as Kysely's driver sends it; `rollback to <savepoint>` keeps the transaction. */
function txControl(text: string): 'begin' | 'end' | null {
  if (/^\s*(begin|start\s+transaction)\b/i.test(text)) return 'begin';
  if (/^\s*(commit|end|abort)\b/i.test(text) || /^\s*rollback\s*(;\s*)?$/i.test(text) || /^\s*rollback\s+(and|work|transaction)\b/i.test(text)) return 'end';
  return null;
}

/** The plan no longer matches: the statement must be prepared again (or is gone, or already there). */
function stalePlan(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (e?.code === '0A000' && /cached plan must not change result type/i.test(e.message ?? ''))
    || e?.code === '26000' // prepared statement does not exist (DEALLOCATE ALL / DISCARD by someone else)
    || e?.code === '42P05'; // prepared statement already exists
}

type Parsed = Record<string, string>;

class PreparingClient implements PostgresPoolClient {
  /** Names prepared on this connection, least recently used first. */
  private readonly names = new Set<string>();
  private inTx = false;
  private reset = false;
  private epoch: number;
  private tidying: Promise<boolean> | null = null;

  constructor(private readonly client: pg.PoolClient, private readonly shared: { epoch: number; max: number }) {
    this.epoch = shared.epoch;
  }

  /** node-postgres remembers which names it parsed on this connection; a dropped name must leave it too. */
  private get parsed(): Parsed | null {
    const p = (this.client as unknown as { connection?: { parsedStatements?: Parsed } }).connection?.parsedStatements;
    return p && typeof p === 'object' ? p : null;
  }

  release(): void {
    this.client.release();
  }

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(sqlOrCursor: unknown, parameters?: readonly unknown[]): unknown {
    // Kysely streams through a cursor object: not ours to name.
    if (typeof sqlOrCursor !== 'string') return (this.client as unknown as { query(q: unknown): unknown }).query(sqlOrCursor);
    return this.run(sqlOrCursor, parameters ?? []);
  }

  private async run(text: string, params: readonly unknown[]): Promise<PostgresQueryResult<never>> {
    const values = params as unknown[];
    const plain = async () => (await this.client.query(text, values)) as unknown as PostgresQueryResult<never>;
    const ctl = txControl(text);
    if (ctl) {
      // A connection may only ever run transactions: drop stale statements before one starts.
      if (ctl === 'begin') await this.tidy();
      try {
        const r = await plain();
        if (ctl === 'begin') this.inTx = true;
        return r;
      } finally {
        // A failed COMMIT ends the transaction too; a failed BEGIN never started one.
        if (ctl === 'end') this.inTx = false;
      }
    }
    if (!unprepared.getStore() && preparable(text, params) && (await this.tidy())) {
      const name = this.reserve(text);
      if (name) {
        try {
          return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<never>;
        } catch (err) {
          // Parse refused (e.g. in an aborted transaction): the name holds no slot.
          if (this.parsed?.[name] === undefined) this.names.delete(name);
          if (!stalePlan(err)) throw err;
          // Every connection drops its statements: the schema changed under all of them.
          if ((err as { code?: string }).code === '0A000') this.shared.epoch++;
          this.reset = true;
          if (this.inTx) throw err;
          await this.tidy();
          return await plain();
        }
      }
    }
    return plain();
  }

  /** Outside a transaction, drops what must go; false when this connection should not name statements now. */
  private async tidy(): Promise<boolean> {
    if (!this.parsed) return false;
    if (!this.reset && this.epoch === this.shared.epoch) return true;
    if (this.inTx) return false;
    // Statements sent at once on this connection (Promise.all) share one DEALLOCATE ALL.
    this.tidying ??= this.dropAll().finally(() => { this.tidying = null; });
    return this.tidying;
  }

  private async dropAll(): Promise<boolean> {
    const epoch = this.shared.epoch;
    try {
      await this.client.query('DEALLOCATE ALL');
    } catch {
      return false; // the connection is broken: the statement itself will say so
    }
    this.forgetAll();
    this.reset = false;
    this.epoch = epoch;
    return true;
  }

  private forgetAll() {
    const parsed = this.parsed ?? {};
    for (const n of Object.keys(parsed)) if (n.startsWith('vd_')) delete parsed[n];
    this.names.clear();
  }

  /** The name to run `text` under, or null to run it unnamed. */
  private reserve(text: string): string | null {
    const name = statementName(text);
    if (this.names.delete(name)) {
      this.names.add(name);
      return name;
    }
    if (this.names.size >= this.shared.max) {
      // Evicting needs a DEALLOCATE, which an aborted transaction would refuse: wait until after it.
      if (this.inTx) return null;
      const oldest = this.names.values().next().value!;
      this.names.delete(oldest);
      // Queued ahead of the statement on this connection; a failure marks the connection for a reset.
      const gone = () => { delete this.parsed?.[oldest]; };
      this.client.query(`DEALLOCATE "${oldest}"`).then(gone, (err: { code?: string }) => { if (err?.code === '26000') gone(); else this.reset = true; });
    }
    this.names.add(name);
    return name;
  }
}

/** A Kysely pool over `pool` whose clients name their plain statements (see above). */
export function preparingPool(pool: pg.Pool, opts: PreparedOptions = {}): PostgresPool {
  const shared = { epoch: 0, max: opts.max ?? 100 };
  const clients = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let c = clients.get(client);
      if (!c) {
        c = new PreparingClient(client, shared);
        clients.set(client, c);
      }
      return c;
    },
    end: () => pool.end(),
  };
}
