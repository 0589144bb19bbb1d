import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, uniqueName, type Session } from '../src/harness.js';

/**
 * The permanent XSS corpus of issue 9: every payload below is stored through the API in every
 * user-writable field the client renders (by root, whose content used to be "trusted", and by a
 * plain user), then the screens showing them are opened in Chromium as root and as a plain user.
 * A payload that runs sets window.__xss or opens a dialog: both must stay untouched. The DOM is
 * also checked for what could run later (on* attributes, javascript:/data: links, frames,
 * target=_blank without rel=noopener).
 */

const MIN = 60_000;
/** What a payload runs: __x (installed before the app by rolePage) records the payload's name. */
const mark = (id: string) => `__x('${id}')`;

/** Long fields (markdown bodies) get the whole corpus (up to `max` characters); `id` names the field in a report. */
function corpus(id: string, max = 100_000): string {
  const m = (k: string) => mark(`${id}:${k}`);
  return [
    `# Heading ${id}`,
    `<script>${m('script')}</script>`,
    `<img src=x onerror="${m('img')}">`,
    `<svg onload="${m('svg')}"><circle r="1"></circle></svg>`,
    `<svg><script>${m('svgscript')}</script></svg>`,
    `<iframe src="javascript:parent.${m('iframe')}"></iframe>`,
    `<iframe srcdoc="<script>parent.${m('srcdoc')}</script>"></iframe>`,
    `<details open ontoggle="${m('details')}"><summary>details</summary>x</details>`,
    `<a href="javascript:${m('ahref')}">js link</a>`,
    `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
    `<a href="&#106;&#97;vascript:${m('entity')}">entity link</a>`,
    `<a href="jav&#x09;ascript:${m('tab')}">tab link</a>`,
    `[markdown link](javascript:${m('mdlink')})`,
    `[entity markdown](&#106;avascript:${m('mdentity')})`,
    `[[nested](javascript:${m('inner')})](javascript:${m('outer')})`,
    `![img](x" onerror="${m('mdimg')})`,
    `$\\href{javascript:${m('katexhref')}}{katex href}$`,
    `$$\\url{javascript:${m('katexurl')}}$$`,
    `$\\htmlId{x" onmouseover="${m('katexhtml')}}{y}$`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${m('mxss')}">`,
    `<form action="javascript:${m('form')}"><button>go</button></form>`,
    `<object data="javascript:${m('object')}"></object><embed src="javascript:${m('embed')}">`,
    `<input autofocus onfocus="${m('focus')}">`,
    `<video><source onerror="${m('video')}"></video>`,
    `<body onload="${m('body')}">`,
    `<meta http-equiv="refresh" content="0;url=javascript:${m('meta')}">`,
    `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${m('svgdata')}'/>">`,
    `<a href="https://example.com/" target="_blank">blank link</a>`,
    `<p style="background:url(javascript:${m('css')})">styled</p>`,
    `<scr<script>ipt>${m('split')}</scr</script>ipt>`,
    `\`<img src=x onerror="${m('code')}">\``,
    '<script>alert(1)</script><img src=x onerror=alert(1)>',
  ].reduce((text, p) => (text.length + p.length + 2 <= max ? `${text}\n\n${p}` : text), '');
}
/** Short fields (names, titles: ≤ 20-100 characters). */
const short = (id: string) => `<img src=x onerror=${mark(id)}>`;
const tiny = (id: string) => `<svg/onload=alert(${id.length})>`.slice(0, 20);

let browser: Browser;
let root: Session;
let user: Session;
let userName: string;
let problemId: string;
let pid: number;
let cid: number;
let submitId: number;
let did: number;
const executions: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  root = await adminSession();
  const u = await registerUser();
  userName = u.username;
  user = await loginApi(u.username, u.password);

  // A plain user's own fields.
  await apiOk('change-userInfo', {
    token: user.token,
    body: { nickname: tiny('nick'), realname: short('realname'), school: short('school'), signature: corpus('sig', 1000), github: `javascript:${mark('github')}`, blog: `javascript:${mark('blog')}`, course: short('course'), number: '1' },
  });

  // A problem by root with every statement field, a tag, samples and a source.
  problemId = uniqueName('X');
  await apiOk('admin/problem', {
    token: root.token,
    body: {
      problem: {
        problemId, title: `T ${short('title')}`, description: corpus('description'), input: corpus('input'), output: corpus('output'), hint: corpus('hint'),
        source: short('source'), examples: [{ input: short('exin'), output: short('exout') }], auth: 1, type: 0, timeLimit: 1000, memoryLimit: 256,
      },
      tags: [{ name: short('tag') }],
      languages: ['C++'],
      isUploadTestCase: false,
      samples: [{ input: '1', output: '1' }],
    },
  });
  const list = await apiOk<{ records: { id: number; problemId: string }[] }>('admin/problem/get-problem-list', { token: root.token, query: { keyword: problemId, currentPage: 1, limit: 5 } });
  pid = list.records.find((r) => r.problemId === problemId)!.id;

  // A running public contest with printing, its announcement, a print request and a submission.
  const now = Date.now();
  cid = (await apiOk<{ id: number }>('admin/contest', {
    token: root.token,
    body: { title: `C ${short('ctitle')}`, description: corpus('cdesc'), startTime: now - 10 * MIN, endTime: now + 3 * 60 * MIN, type: 0, auth: 0, openPrint: true, openRank: true },
  })).id;
  await apiOk('admin/contest/add-problem-from-public', { token: root.token, body: { cid, pid, displayId: 'A' } });
  await apiOk('admin/contest/announcement', { token: root.token, body: { cid, title: `CA ${short('catitle')}`, content: corpus('cannounce'), status: 0 } });
  await apiOk('submit-print-text', { token: user.token, body: { cid, content: corpus('print') } });
  submitId = (await apiOk<{ submitId: number }>('submit-problem-judge', { token: user.token, body: { pid: 'A', cid, language: 'C++', code: corpus('code') } })).submitId;

  // A discussion by the user, with the user's comment and root's reply under it (forum of spec 02).
  const categories = await apiOk<{ id: number }[]>('discussion-category');
  did = (await apiOk<{ id: number }>('discussion', {
    token: user.token, body: { title: `D ${short('dtitle')}`, description: short('ddesc'), content: corpus('dcontent'), categoryId: categories[0].id, pid: problemId },
  })).id;
  const comment = await apiOk<{ id: number }>('comment', { token: user.token, body: { did, content: corpus('comment', 10_000) } });
  // Root replies (a user may post once per 5 s).
  await apiOk('reply', { token: root.token, body: { did, reply: { commentId: comment.id, content: corpus('reply', 10_000) } } });

  // Site announcements and notices (root).
  await apiOk('admin/announcement', { token: root.token, body: { title: `A ${short('atitle')}`, content: corpus('announce'), status: 0 } });
  await apiOk('admin/msg/notice', { token: root.token, body: { title: `N ${short('ntitle')}`, content: corpus('notice') } });
});
afterAll(async () => {
  await browser?.close();
});

/** Loads a screen, lets it settle, and records anything that ran or could run. */
async function visit(page: Page, path: string, then?: (page: Page) => Promise<void>) {
  await goto(page, path);
  await page.waitForLoadState('load');
  await page.waitForTimeout(600); // no 'networkidle': the live channel (lib/live.ts) keeps a request open
  if (then) await then(page);
  await page.waitForTimeout(400);
  const ran = await page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss ?? []);
  for (const r of ran) executions.push(`${path}: ${r}`);
  const risky = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      // The site's own favicon (an inline SVG in index.html's head) is not content; a favicon never runs script.
      if (el.tagName === 'LINK' && el.parentElement === document.head && el.getAttribute('rel') === 'icon') continue;
      for (const a of Array.from(el.attributes)) {
        const v = a.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (a.name.startsWith('on')) out.push(`${el.tagName} ${a.name}`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(a.name) && (v.startsWith('javascript:') || v.startsWith('vbscript:') || v.startsWith('data:text') || v.startsWith('data:image/svg'))) out.push(`${el.tagName} ${a.name}=${a.value.slice(0, 40)}`);
      }
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM'].includes(el.tagName) && el.closest('.markdown-body')) out.push(`${el.tagName} in markdown`);
      // noreferrer implies noopener; user content gets both.
      const rel = el.getAttribute('rel') ?? '';
      if (el.tagName === 'A' && el.getAttribute('target') === '_blank' && (el.closest('.markdown-body') ? !/noopener/.test(rel) || !/noreferrer/.test(rel) : !/noopener|noreferrer/.test(rel))) out.push(`A target=_blank without noopener: ${el.getAttribute('href')}`);
    }
    return out;
  });
  for (const r of risky) executions.push(`${path}: ${r}`);
}

async function rolePage(session: Session) {
  const page = await newPage(browser, { lang: 'en-US', session });
  await page.context().addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __x: (k: string) => void };
    w.__xss = [];
    w.__x = (k) => void w.__xss.push(k);
  });
  page.on('dialog', (d) => {
    executions.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return page;
}

/** Opens every Preview of the admin markdown fields on the screen. */
async function openPreviews(page: Page) {
  const previews = page.getByText('Preview', { exact: true });
  for (let i = 0; i < (await previews.count()); i++) await previews.nth(i).click();
}

describe('stored XSS corpus (issue 9)', () => {
  it('runs nowhere for a plain user', async () => {
    const page = await rolePage(user);
    await visit(page, `/problem/${problemId}`, async (p) => void (await p.getByTestId('problem-description').locator('.markdown-body').first().waitFor()));
    await visit(page, '/problem');
    await visit(page, `/contest/${cid}`, async (p) => {
      // The unread-announcement pop-up renders the contest announcement at once.
      await p.getByTestId('unread-announcement').first().waitFor();
      await p.locator('.ant-modal-footer .ant-btn-primary').click();
    });
    await visit(page, `/contest/${cid}/announcements`, async (p) => {
      await p.waitForTimeout(500);
      if (await p.locator('.ant-modal-footer .ant-btn-primary').isVisible()) await p.locator('.ant-modal-footer .ant-btn-primary').click();
      await p.getByText(/^CA /).first().click();
      await p.locator('.announcement-detail .markdown-body').waitFor();
    });
    await visit(page, `/contest/${cid}/problems`);
    await visit(page, `/contest/${cid}/problem/A`, async (p) => void (await p.locator('.markdown-body').first().waitFor()));
    await visit(page, `/contest/${cid}/submissions`);
    await visit(page, `/contest/${cid}/rank`);
    await visit(page, '/home', async (p) => p.getByTestId('announcement-panel').getByText(/^A /).first().click());
    await visit(page, `/user-home?username=${userName}`);
    await visit(page, `/submission-detail/${submitId}`);
    await visit(page, '/acm-rank');
    await visit(page, '/status');
    await visit(page, '/discussion');
    await visit(page, `/discussion-detail/${did}`, async (p) => void (await p.locator('.markdown-body').nth(2).waitFor()));
    await visit(page, '/message/sys');
    expect(executions).toEqual([]);
  });

  it('runs nowhere for root, admin screens and editor previews included', async () => {
    const page = await rolePage(root);
    await visit(page, `/problem/${problemId}`);
    await visit(page, `/admin/problem/edit/${pid}`, openPreviews);
    await visit(page, `/admin/contest/${cid}/announcement`, async (p) => {
      await p.getByRole('button', { name: 'Edit' }).first().click();
      await p.getByRole('tab', { name: 'Preview' }).click();
    });
    await visit(page, `/admin/contest/${cid}/edit`, openPreviews);
    await visit(page, '/admin/announcement');
    await visit(page, '/admin/notice');
    await visit(page, '/admin/problem/tag');
    await visit(page, '/admin/user');
    await visit(page, `/contest/${cid}/admin-print`);
    await visit(page, `/submission-detail/${submitId}`);
    await visit(page, `/user-home?username=${userName}`);
    await visit(page, `/contest/${cid}/rank`);
    await visit(page, `/discussion-detail/${did}`);
    expect(executions).toEqual([]);
  });
});
