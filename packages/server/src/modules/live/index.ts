import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isFinalStatus, optionalQueryBool } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { fileAnswer } from '../../http/answer.js';
import { ensureVisible, isContestAdmin } from '../contest/access.js';
import { participantOf, requestContest } from '../contest/guard.js';
import { unreadChanges } from '../message/counters.js';
import { createLiveBus, siteKey, type LiveBus } from './bus.js';
import type { LiveEvent } from './events.js';
import { DEFAULT_LIMITS, LiveHub, type HubLimits } from './hub.js';
import { createStreamSlots } from './slots.js';
import { readSubmissionOwner } from './owners.js';

export type { LiveEvent } from './events.js';

declare module '../../context.js' {
  interface Services {
    /** Live updates: publish(event) fans out to every server process's open streams. */
    live: { bus: LiveBus; hub: LiveHub; publish(e: LiveEvent): void };
  }
}

/** Unread-count changes are gathered this long before they are pushed. */
const UNREAD_DELAY_MS = 150;
/** More users than this in one batch: one signal to everybody instead. */
const UNREAD_FANOUT_MAX = 200;

/** Submitters remembered for progress events (which know only the submission id). */
const OWNER_CACHE = 5000;

const streamQuery = z.object({
  /** The viewer's own submissions (editor status area, submission list). */
  mine: optionalQueryBool,
  /** A contest's rank changes and announcements. */
  cid: z.coerce.number().int().positive().optional(),
  /** Watch the public scoreboard (no login needed when the contest opens its rank). */
  board: optionalQueryBool,
});

/**
 * Live updates over Server-Sent Events (issue 16): one stream per browser tab, GET /api/stream.
 * Pages keep their polling as the fallback; the stream only makes them refetch sooner.
 */
export default async function liveModule(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const bus = createLiveBus(ctx);
  const limits: HubLimits = { ...DEFAULT_LIMITS, maxPerIp: ctx.config.liveMaxPerIp ?? DEFAULT_LIMITS.maxPerIp };
  const slots = createStreamSlots({ redisUrl: ctx.config.redisUrl, site: siteKey(ctx), max: limits.maxPerIp, log: ctx.log });
  const hub = new LiveHub(ctx, bus, limits, slots);
  const publish = (e: LiveEvent) => bus.publish(e);
  ctx.services.live = { bus, hub, publish };
  await Promise.all([bus.ready(), slots.ready()]);

  const owners = new Map<number, { uid: number; cid: number; submitTime: number; status: number }>();
  /** The submitter of a submission: remembered, else from the result event when it says, else read. */
  const ownerOf = async (id: number, known?: { uid: number; cid: number; submitTime?: number }) => {
    const hit = owners.get(id);
    if (hit) return hit;
    const row = known?.submitTime !== undefined ? { uid: known.uid, cid: known.cid, submit_time: known.submitTime }
      : await readSubmissionOwner(ctx.db, id);
    if (!row) return null;
    if (owners.size >= OWNER_CACHE) owners.delete(owners.keys().next().value as number);
    const o = { uid: row.uid, cid: row.cid, submitTime: row.submit_time, status: -999 };
    owners.set(id, o);
    return o;
  };

  api.addHook('onReady', async () => {
    const judge = ctx.services.judge;
    if (!judge) return;
    // Compiling / Judging: only transitions, not every "case k of n".
    judge.onProgress(async ({ submitId, status }) => {
      const o = await ownerOf(submitId);
      if (!o || o.status === status) return;
      o.status = status;
      publish({ type: 'submission', uid: o.uid, id: submitId, cid: o.cid, status, submitTime: o.submitTime });
    });
    // After the commit: the contest rank cell was recomputed in the verdict's own transaction.
    judge.onResult(async (e) => {
      const o = await ownerOf(e.submitId, e);
      if (o) {
        if (isFinalStatus(e.status)) owners.delete(e.submitId);
        else o.status = e.status;
        publish({ type: 'submission', uid: e.uid, id: e.submitId, cid: e.cid, status: e.status, submitTime: o.submitTime });
      }
      if (e.cid > 0) publish({ type: 'rank', cid: e.cid, ver: e.rankVer });
    });
  });
  // Unread message counters: collected for a moment (the writing transaction commits meanwhile,
  // and deleting a notice lowers thousands of counters at once), then one signal per user, or
  // one for everybody when many moved.
  let unread = new Set<number>();
  let unreadTimer: NodeJS.Timeout | null = null;
  const onUnread = (uid: number) => {
    unread.add(uid);
    unreadTimer ??= setTimeout(() => {
      const uids = unread;
      unread = new Set();
      unreadTimer = null;
      if (uids.has(0) || uids.size > UNREAD_FANOUT_MAX) publish({ type: 'unread', uid: 0 });
      else for (const uid of uids) publish({ type: 'unread', uid });
    }, UNREAD_DELAY_MS);
  };
  unreadChanges.on('change', onUnread);
  api.addHook('onClose', async () => {
    unreadChanges.off('change', onUnread);
    if (unreadTimer) clearTimeout(unreadTimer);
  });

  // preClose: open streams would keep the server from closing.
  app.addHook('preClose', async () => hub.close());
  api.addHook('onClose', async () => {
    await bus.close();
    await slots.close();
  });

  api.get('/stream', { config: { access: 'public', rule: 'contest' }, schema: { querystring: streamQuery, response: fileAnswer('a stream of server-sent events (LiveEvent, live/events.ts)', 'text/event-stream'), hide: true } }, async (req, reply) => {
    const { mine, cid, board } = req.query;
    if (!mine && !cid) throw badRequest('liveNothingToWatch');
    if (mine && !req.user) throw unauthorized((req as { tokenInvalid?: boolean }).tokenInvalid ? 'tokenExpired' : 'loginFirst');
    if (cid) {
      if (board) {
        // The public scoreboard's rules (get-contest-outside-scoreboard).
        const c = await requestContest(ctx, req, cid);
        ensureVisible(req.user, c);
        if (c.open_rank !== 1 && !isContestAdmin(req.user, c)) throw badRequest('contestRankClosed');
      } else {
        // The rank tab and announcements: only who may open the contest's menu.
        await participantOf(ctx, req, cid);
      }
    }
    await hub.open(reply, { ip: req.ip, user: req.user, mine: !!mine, cid: cid ?? null });
  });
}
