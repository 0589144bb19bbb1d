import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOJ_CALLS, HOJ_DIRECT_CALLS, VERDICT_EXTRA_VERBS } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The table of HOJ's client calls (packages/shared/src/hoj-contract.ts) against the routes the
 * server registers: what the table calls done is routed with HOJ's verb and path, and no route
 * sits on one of HOJ's paths without the table knowing it.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const key = (verb: string, path: string) => `${verb} ${path}`;

describe("HOJ's call table", () => {
  it('lists every call once per function and URL, each with a known status and a reason where it differs', () => {
    expect(HOJ_CALLS.length).toBe(253);
    const seen = new Set(HOJ_CALLS.map((c) => `${c.name} ${key(c.verb, c.path)}`));
    expect(seen.size).toBe(HOJ_CALLS.length);
    for (const c of HOJ_CALLS.filter((x) => x.status === 'differs')) expect(c.reason?.length, c.name).toBeGreaterThan(40);
    // One status per verb and path, even where two of HOJ's functions share a URL.
    const byRoute = new Map<string, Set<string>>();
    for (const c of HOJ_CALLS) byRoute.set(key(c.verb, c.path), (byRoute.get(key(c.verb, c.path)) ?? new Set()).add(c.status));
    for (const [route, statuses] of byRoute) expect([route, statuses.size]).toEqual([route, 1]);
  });

  it('routes every call marked done with HOJ\'s verb and path', () => {
    const missing = HOJ_CALLS.filter((c) => c.status === 'done' && !t.app.hasRoute({ method: c.verb, url: c.path }));
    expect(missing.map((c) => `${c.name}: ${key(c.verb, c.path)}`)).toEqual([]);
  });

  it("routes HOJ's calls made outside api.js (uploads, downloads, the editor's requests)", () => {
    const missing = HOJ_DIRECT_CALLS.filter((c) => !t.app.hasRoute({ method: c.verb, url: c.path }));
    expect(missing.map((c) => `${key(c.verb, c.path)} (${c.from})`)).toEqual([]);
  });

  it('has no route on an HOJ path that the table does not mark done (or list as our extra verb)', () => {
    const done = new Set(HOJ_CALLS.filter((c) => c.status === 'done' || (c.status === 'differs' && t.app.hasRoute({ method: c.verb, url: c.path })))
      .map((c) => key(c.verb, c.path)));
    const hojPaths = new Set(HOJ_CALLS.map((c) => c.path));
    const extras = new Set(VERDICT_EXTRA_VERBS.map((e) => key(e.verb, e.path)));
    const routed = t.app.routeTable.filter((r) => hojPaths.has(r.url)).map((r) => key(r.method, r.url));
    expect(routed.length).toBeGreaterThan(100);
    expect(routed.filter((r) => !done.has(r) && !extras.has(r))).toEqual([]);
    // Calls of later issues are not half routed before their issue lands.
    const later = HOJ_CALLS.filter((c) => c.status.startsWith('later:') && t.app.hasRoute({ method: c.verb, url: c.path }));
    expect(later.map((c) => `${c.name} (${c.status})`)).toEqual([]);
  });
});
