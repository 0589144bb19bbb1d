import { useEffect, useRef } from 'react';
import { currentLang } from '../i18n';
import { userStore } from '../stores/user';
import { createSignalGate } from './live-gate';
import { createStore } from './store';

/**
 * Live updates (issue 16): one stream per tab from GET /api/stream, shared by every page part that
 * wants it. The stream only says "this changed": the page then asks its normal endpoint, which
 * applies the viewer's rights and the seal. Pages keep their polling for when the stream is down.
 *
 * fetch() rather than EventSource: the login token travels in the Authorization header, never in
 * a URL (which would end up in proxy logs).
 */
export type LiveEventName = 'submission' | 'rank' | 'announcement' | 'unread' | 'resync';
/** `open`: the rank signal a contest stream starts with (a catch-up, see live-gate.ts). */
export interface LiveData { id?: number; cid?: number; status?: number; open?: boolean }
type Handler = (event: LiveEventName, data: LiveData) => void;

/** What a page part watches: its own submissions, or one contest's rank (board = the public scoreboard). */
export interface LiveInterest { mine?: boolean; cid?: number; board?: boolean }
interface Sub extends LiveInterest { handler: Handler }

const subs = new Set<Sub>();
/** Whether the stream is open now (pages poll less while it is). */
export const liveStatus = createStore({ connected: false });

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

let ctrl: AbortController | null = null;
let currentUrl = '';
let failures = 0;
let opened = 0;
let syncTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** The one stream this tab needs for its current subscribers, or null. */
function wantedUrl(): string {
  const token = userStore.get().token;
  let mine = false;
  let cid: number | undefined;
  let board = false;
  for (const s of subs) {
    if (s.mine && token) mine = true;
    if (s.cid) {
      cid = s.cid;
      board = !!s.board;
    }
  }
  if (!mine && !cid) return '';
  const q = new URLSearchParams();
  if (mine) q.set('mine', '1');
  if (cid) q.set('cid', String(cid));
  if (board) q.set('board', '1');
  return `/api/stream?${q.toString()}`;
}

function stop() {
  ctrl?.abort();
  ctrl = null;
  currentUrl = '';
  clearTimeout(retryTimer);
  liveStatus.set({ connected: false });
}

/** Opens, replaces or closes the stream to match the subscribers (batched). */
function sync() {
  clearTimeout(syncTimer);
  syncTimer = setTimeout(() => {
    const url = wantedUrl();
    if (url === currentUrl && (ctrl || retryTimer)) return;
    stop();
    failures = 0;
    if (url) void connect(url);
  }, 50);
}

function dispatch(event: LiveEventName, data: LiveData) {
  for (const s of subs) {
    if (event === 'submission' || event === 'unread' ? s.mine : event === 'resync' || (s.cid !== undefined && s.cid === data.cid)) s.handler(event, data);
  }
}

async function connect(url: string) {
  const c = new AbortController();
  ctrl = c;
  currentUrl = url;
  retryTimer = undefined;
  try {
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Accept-Language': currentLang() };
    const token = userStore.get().token;
    if (token) headers.Authorization = token;
    const res = await fetch(url, { headers, signal: c.signal, cache: 'no-store' });
    if (!res.ok || !res.body) throw new Error(`stream refused: ${res.status}`);
    failures = 0;
    liveStatus.set({ connected: true });
    // Events may have been missed while the stream was down: every watcher refetches once.
    if (opened++ > 0) dispatch('resync', {});
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!ev || !data) continue; // comments (heartbeats) and the retry line
        try {
          dispatch(ev as LiveEventName, JSON.parse(data) as LiveData);
        } catch {
          // A handler's error must not end the stream.
        }
      }
    }
  } catch {
    if (c.signal.aborted) return;
  }
  if (ctrl !== c) return;
  // Dropped or refused: try again later, waiting longer each time (with jitter, so a restarted
  // server is not hit by every tab at once). Polling covers the gap.
  ctrl = null;
  liveStatus.set({ connected: false });
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures++) * (0.5 + Math.random() / 2);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    const next = wantedUrl();
    currentUrl = '';
    if (next) void connect(next);
  }, delay);
}

// A login or logout changes what the stream may carry.
let lastToken = userStore.get().token;
userStore.subscribe(() => {
  const token = userStore.get().token;
  if (token === lastToken) return;
  lastToken = token;
  stop();
  sync();
});

/** Subscribes while mounted; `null` subscribes to nothing. */
export function subscribeLive(interest: LiveInterest, handler: Handler): () => void {
  const sub: Sub = { ...interest, handler };
  subs.add(sub);
  sync();
  return () => {
    subs.delete(sub);
    sync();
  };
}

/**
 * Calls `onSignal` when the watched thing changes (and after a reconnect), at most once per
 * `minGapMs`: a burst of verdicts makes one refetch, not one per verdict. `isFresh` tells whether
 * the page's data was just fetched (or is being fetched): a contest stream's opening signal is then
 * not followed by a second fetch (live-gate.ts). `spreadMs`: a random wait of up to that long
 * before each refetch, for signals every viewer gets at once (a contest's rank).
 */
export function useLiveSignal(
  interest: LiveInterest | null, events: LiveEventName[], onSignal: (data: LiveData) => void, minGapMs = 1000,
  isFresh?: () => boolean, spreadMs = 0,
) {
  const cb = useRef(onSignal);
  cb.current = onSignal;
  const fresh = useRef(isFresh);
  fresh.current = isFresh;
  const key = interest ? `${interest.mine ? 1 : 0}|${interest.cid ?? ''}|${interest.board ? 1 : 0}|${events.join(',')}` : '';
  useEffect(() => {
    if (!interest) return;
    const gate = createSignalGate<LiveData>({ minGapMs, spreadMs, fire: (d) => cb.current(d), isFresh: () => !!fresh.current?.() });
    const off = subscribeLive(interest, (event, data) => {
      if (event !== 'resync' && !events.includes(event)) return;
      gate.signal(data, event === 'resync');
    });
    return () => {
      off();
      gate.dispose();
    };
  }, [key, minGapMs, spreadMs]);
}
