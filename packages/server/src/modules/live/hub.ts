import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { ContestType } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { isSealedFor } from '../contest/access.js';
import { findContest } from '../contest/repo.js';
import type { LiveBus } from './bus.js';
import type { LiveEvent } from './events.js';
import { LocalSlots, type StreamSlots } from './slots.js';

export interface HubLimits {
  /**
   * Open streams per client address on the whole site (all processes; see slots.ts); the next
   * one is refused with 429. A classroom behind one NAT needs one per open tab.
   */
  maxPerIp: number;
  /** Open streams on this process; the next one is refused with 503. */
  maxTotal: number;
  /** Bytes a client may leave unread before it is disconnected (a reader that never reads). */
  maxBufferBytes: number;
  /** Comment lines keep proxies from closing an idle stream. */
  heartbeatMs: number;
  /**
   * How often the rank versions of the watched contests are compared with the last signalled
   * ones: a rank change whose signal was lost (its server process died right after the commit)
   * still reaches the watchers within this time.
   */
  rankCheckMs: number;
}

export const DEFAULT_LIMITS: HubLimits = { maxPerIp: 200, maxTotal: 10_000, maxBufferBytes: 64 * 1024, heartbeatMs: 25_000, rankCheckMs: 2000 };

interface Conn {
  raw: ServerResponse;
  ip: string;
  /** Its place in the per-address count. */
  slot: string;
  user: AuthUser | null;
  /** The viewer's own submissions. */
  mine: boolean;
  /** The contest whose rank and announcements are watched. */
  cid: number | null;
  /** Signals written and not yet handed on by the socket (see signal()). */
  unsent: Set<string>;
}

/**
 * The open streams of this process and the routing of bus events to them. Each stream is a
 * plain SSE response written directly on the socket; nothing is queued here beyond the socket's
 * own buffer, and a socket whose buffer passes the bound is cut.
 */
export class LiveHub {
  private readonly conns = new Set<Conn>();
  private readonly byUid = new Map<number, Set<Conn>>();
  private readonly byCid = new Map<number, Set<Conn>>();
  private readonly timer: NodeJS.Timeout;
  /** The newest rank version of each watched contest that its watchers were signalled about. */
  private readonly rankVer = new Map<number, number>();
  private readonly rankTimer: NodeJS.Timeout;
  private checking = false;
  private chain: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  /** Streams cut because their reader fell behind (reported by tests and the bench). */
  dropped = 0;

  constructor(private readonly ctx: AppContext, bus: LiveBus, readonly limits: HubLimits,
    private readonly slots: StreamSlots = new LocalSlots(limits.maxPerIp)) {
    // One after another: a submission event waits for a contest lookup, and a rank signal must
    // not overtake the verdict it follows.
    this.unsubscribe = bus.subscribe((e) => {
      this.chain = this.chain.then(() => this.dispatch(e)).catch((err) => ctx.log.warn({ err }, 'live: dispatch failed'));
    });
    this.timer = setInterval(() => {
      for (const c of this.conns) this.signal(c, 'hb', ': hb\n\n');
    }, limits.heartbeatMs);
    this.timer.unref();
    this.rankTimer = setInterval(() => void this.checkRanks(), limits.rankCheckMs);
    this.rankTimer.unref();
  }

  /** The rank versions of these contests now. */
  private async rankVersions(cids: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (let i = 0; i < cids.length; i += 500) {
      const rows = await this.ctx.db.selectFrom('contest').select(['id', 'rank_ver']).where('id', 'in', cids.slice(i, i + 500)).execute();
      for (const r of rows) out.set(r.id, Number(r.rank_ver));
    }
    return out;
  }

  private noteRankVer(cid: number, ver: number) {
    if (!this.byCid.has(cid)) return;
    const seen = this.rankVer.get(cid);
    if (seen === undefined || ver > seen) this.rankVer.set(cid, ver);
  }

  /**
   * Rank signals are sent after the verdict's commit; a process killed in between never sends its
   * own. So every process compares the rank versions of the contests its streams watch with the
   * newest one it has signalled (carried by each rank event), and signals a newer one itself.
   */
  async checkRanks() {
    if (this.checking || this.byCid.size === 0) return;
    this.checking = true;
    try {
      const vers = await this.rankVersions([...this.byCid.keys()]);
      for (const [cid, ver] of vers) {
        const seen = this.rankVer.get(cid);
        if (seen !== undefined && ver > seen) {
          this.rankVer.set(cid, ver);
          // Through the dispatch chain, after any rank event already on its way.
          this.chain = this.chain.then(() => this.dispatch({ type: 'rank', cid, ver })).catch((err) => this.ctx.log.warn({ err }, 'live: dispatch failed'));
        } else if (seen === undefined) {
          this.noteRankVer(cid, ver);
        }
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'live: rank version check failed');
    } finally {
      this.checking = false;
    }
  }

  get size() {
    return this.conns.size;
  }

  /**
   * Takes over the response and keeps it open as an event stream, or refuses it over the
   * process's total or the address's bound (before anything is written).
   */
  async open(reply: FastifyReply, o: { ip: string; user: AuthUser | null; mine: boolean; cid: number | null }) {
    if (this.conns.size >= this.limits.maxTotal) throw new AppError(503, 'liveServerBusy');
    const slot = crypto.randomUUID();
    if (!(await this.slots.acquire(o.ip, slot))) throw new AppError(429, 'liveTooManyStreams', { n: this.limits.maxPerIp });
    reply.hijack();
    const raw = reply.raw;
    // Gone while its place was being taken: give the place back.
    if (raw.destroyed || reply.request.raw.socket?.destroyed) {
      this.slots.release(o.ip, slot);
      raw.destroy();
      return;
    }
    // Headers set by hooks (CORS) would be lost by hijacking: carry them over.
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = String(v);
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);
    const conn: Conn = { raw, ...o, slot, unsent: new Set() };
    this.add(conn);
    raw.on('close', () => this.remove(conn));
    // retry: an EventSource's reconnect delay (short: the other server processes are up when
    // this one dies); the comment flushes the headers through proxies.
    this.write(conn, 'retry: 1000\n: open\n\n');
    // A contest stream starts with a rank signal: whatever changed between the page's own fetch
    // and this stream (or while a dropped stream was reconnecting) is fetched at once, instead of
    // waiting for the next verdict. Like every rank signal it carries only the contest id, and
    // `open`: a client whose data is fresh may skip it. Its own merge key, so a verdict's signal
    // written while it is unsent is still sent (a client never skips that one).
    if (conn.cid) {
      this.signal(conn, 'rank-open', `event: rank\ndata: ${JSON.stringify({ cid: conn.cid, open: true })}\n\n`);
      // What the opening signal covers: the version read now (after the stream was added).
      if (!this.rankVer.has(conn.cid)) {
        const cid = conn.cid;
        this.rankVersions([cid]).then((v) => { if (v.has(cid)) this.noteRankVer(cid, v.get(cid)!); }).catch(() => {});
      }
    }
  }

  private add(c: Conn) {
    this.conns.add(c);
    if (c.mine && c.user) index(this.byUid, c.user.uid).add(c);
    if (c.cid) index(this.byCid, c.cid).add(c);
  }

  private remove(c: Conn) {
    if (!this.conns.delete(c)) return;
    this.slots.release(c.ip, c.slot);
    if (c.user) unindex(this.byUid, c.user.uid, c);
    if (c.cid) {
      unindex(this.byCid, c.cid, c);
      if (!this.byCid.has(c.cid)) this.rankVer.delete(c.cid);
    }
  }

  /** Writes, or cuts a reader whose unread bytes passed the bound (no growth past it). */
  private write(c: Conn, text: string, flushed?: () => void) {
    if (c.raw.destroyed) return this.remove(c);
    if (c.raw.writableLength > this.limits.maxBufferBytes) {
      this.dropped++;
      this.remove(c);
      c.raw.destroy();
      return;
    }
    if (flushed) c.raw.write(text, flushed);
    else c.raw.write(text);
  }

  private send(c: Conn, event: string, data: unknown) {
    this.write(c, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * A "changed, refetch" signal (or a heartbeat) is skipped while the same one still sits unsent
   * in the socket's buffer: the browser refetches after reading that one, and sees this change
   * too. So a burst of verdicts costs a slow reader one line, not one per verdict. The line
   * counts as sent once the socket has handed it on (the write's callback), whatever else was
   * written after it.
   */
  private signal(c: Conn, key: string, text: string) {
    if (c.unsent.has(key)) return;
    c.unsent.add(key);
    this.write(c, text, () => c.unsent.delete(key));
  }

  async dispatch(e: LiveEvent) {
    if (e.type === 'submission') {
      const targets = this.byUid.get(e.uid);
      if (!targets?.size) return;
      // The seal check reads the contest's cached row (contest/repo.ts): an edit of its seal is obeyed at once.
      const c = e.cid > 0 ? await findContest(this.ctx, e.cid) : undefined;
      for (const conn of targets) {
        // An OI contest hides the submitter's own results while sealed: the browser only learns
        // that something changed and asks, and the list answers with what it may show.
        const hidden = c && c.type === ContestType.OI && isSealedFor(conn.user, c) && e.submitTime >= (c.seal_rank_time ?? c.start_time);
        this.send(conn, 'submission', hidden ? { id: e.id, cid: e.cid } : { id: e.id, cid: e.cid, status: e.status });
      }
      return;
    }
    if (e.type === 'unread') {
      // Only a signal: the navbar asks msg/unread again. Streams watching one's own things carry it.
      const text = 'event: unread\ndata: {}\n\n';
      const targets = e.uid ? this.byUid.get(e.uid) ?? [] : [...this.byUid.values()].flatMap((s) => [...s]);
      for (const conn of targets) this.signal(conn, 'unread', text);
      return;
    }
    const targets = this.byCid.get(e.cid);
    if (!targets?.size) return;
    if (e.type === 'rank' && e.ver !== undefined) this.noteRankVer(e.cid, e.ver);
    const text = `event: ${e.type}\ndata: ${JSON.stringify({ cid: e.cid })}\n\n`;
    for (const conn of targets) this.signal(conn, e.type, text);
  }

  /** Ends every stream (shutdown); browsers reconnect to another process. */
  close() {
    clearInterval(this.timer);
    clearInterval(this.rankTimer);
    this.unsubscribe();
    for (const c of [...this.conns]) {
      this.remove(c);
      c.raw.end();
    }
  }
}

function index(m: Map<number, Set<Conn>>, k: number): Set<Conn> {
  let s = m.get(k);
  if (!s) m.set(k, (s = new Set()));
  return s;
}

function unindex(m: Map<number, Set<Conn>>, k: number, c: Conn) {
  const s = m.get(k);
  if (!s) return;
  s.delete(c);
  if (!s.size) m.delete(k);
}
