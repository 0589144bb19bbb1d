import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, newPage, type Session } from '../src/harness.js';

/**
 * Issue 12: each screen's strings load with its code (packages/web/build/locale-with-code.ts), not
 * all at start-up. A screen whose strings did not come along would show its keys ("home.title")
 * until something re-rendered it. Every screen here is a cold first visit to that address, watched
 * from before the first paint: no text on the page may ever look like a key of a feature's locale
 * file, and the i18n layer must not have been asked for a key it does not have.
 */

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/src');

/** The namespaces (top-level keys) of every feature and component locale.ts, read from the files. */
function namespaces(): string[] {
  const out = new Set<string>();
  for (const f of fs.readdirSync(webSrc, { recursive: true }) as string[]) {
    if (!/(^|\/)locale\.ts$/.test(f.split(path.sep).join('/'))) continue;
    const text = fs.readFileSync(path.join(webSrc, f), 'utf8');
    const zh = text.slice(text.indexOf("'zh-CN'"), text.indexOf("'en-US'"));
    // `'zh-CN': { ns: {` on one line, or `    ns: {` at the first level inside it.
    for (const m of zh.matchAll(/(?:'zh-CN': \{\s*|^ {4})([A-Za-z]+): \{/gm)) out.add(m[1]);
  }
  return [...out];
}

let browser: Browser;
let root: Session;
let cid: number;
beforeAll(async () => {
  browser = await launchBrowser();
  root = await adminSession();
  const now = Date.now();
  cid = (await apiOk<{ id: number }>('admin/contest', {
    token: root.token,
    body: { title: 'Strings check', description: 'A contest for the strings check', startTime: now - 600_000, endTime: now + 3_600_000, type: 0, auth: 0 },
  })).id;
});
afterAll(async () => {
  await browser?.close();
});

describe('screens loaded lazily show their strings from the first paint', () => {
  it('finds the namespaces it checks for', () => {
    // A broken reader would make the check below pass vacuously.
    expect(namespaces()).toEqual(expect.arrayContaining(['home', 'problem', 'contest', 'admin', 'adminProblem', 'announcement', 'notFound']));
  });

  it('no raw key on any screen, in either language', async () => {
    const keyText = new RegExp(`\\b(?:${namespaces().join('|')})\\.[a-z][A-Za-z]+(?:\\.[A-Za-z]+)*\\b`);
    const screens: [string, boolean, string][] = [
      ['/home', false, '[data-testid="announcement-panel"]'], ['/problem', false, '.ant-table'], ['/problem/1000', false, '[data-testid="problem-description"]'],
      ['/contest', false, '[data-testid="contest-row"], .ant-empty'], ['/status', false, '.ant-table'], ['/training', false, '.ant-table, .ant-empty'], ['/acm-rank', false, '.ant-table'],
      ['/discussion', false, 'main'], ['/introduction', false, 'main'], ['/no-such-page', false, 'main'],
      [`/contest/${cid}`, true, '.contest-shell-tabs'], [`/contest/${cid}/rank`, true, '.ant-table'], ['/setting', true, 'main'], ['/message/discuss', true, 'main'],
      ['/admin/login', false, 'form'], ['/admin/dashboard', true, '.ant-card'], ['/admin/problems', true, '.ant-table'], ['/admin/problem/create', true, 'form'],
      ['/admin/contest', true, '.ant-table'], [`/admin/contest/${cid}/edit`, true, 'form'], ['/admin/training', true, '.ant-table, .ant-empty'],
      ['/admin/user', true, '.ant-table'], ['/admin/conf', true, 'form'], ['/admin/switch', true, 'form'],
    ];
    const found: string[] = [];
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [url, login, ready] of screens) {
        const page = await newPage(browser, { lang, session: login ? root : undefined });
        // Every text node the page ever shows, from the first one on (a key seen once, then replaced, counts).
        await page.addInitScript((source) => {
          const re = new RegExp(source);
          const seen: string[] = [];
          (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
          const check = (n: Node) => {
            const text = n.nodeType === Node.TEXT_NODE ? n.textContent ?? '' : (n as Element).textContent ?? '';
            const m = re.exec(text);
            if (m && seen.length < 20) seen.push(m[0]);
          };
          new MutationObserver((records) => {
            for (const r of records) {
              if (r.type === 'characterData') check(r.target);
              for (const n of Array.from(r.addedNodes)) check(n);
            }
          }).observe(document, { subtree: true, childList: true, characterData: true });
        }, keyText.source);
        await goto(page, url);
        await page.locator(ready).first().waitFor().catch(() => found.push(`${lang} ${url}: ${ready} never showed`));
        await page.waitForTimeout(500);
        const { raw, missing } = await page.evaluate(() => ({
          raw: (window as unknown as { __rawKeys: string[] }).__rawKeys,
          missing: (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? [],
        }));
        if (raw.length || missing.length) found.push(`${lang} ${url}: shown ${JSON.stringify(raw)}, missing ${JSON.stringify(missing)}`);
        await page.context().close();
      }
    }
    expect(found).toEqual([]);
  }, 600_000);
});
