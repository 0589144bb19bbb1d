import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, api, apiOk, goto, launchBrowser, loginApi, newPage, randomIp, registerUser, shot, site, uniqueName, type Session } from '../src/harness.js';

/**
 * Printable problem sets (issue 32) against the built site: the server's Chromium prints the web
 * client's print page to one PDF (cover, one problem per page or more, page numbers); its text
 * (pdftotext) holds every title, limit and sample, maths and an image render (pdftoppm), a second
 * download comes from the cache; and a single problem prints from the problem page.
 */
const MIN = 60_000;
let browser: Browser;
let admin: Session;
let cid = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-pdf-'));
const problems: { displayId: string; title: string; time: number; memory: number; sampleIn: string; sampleOut: string; problemId: string }[] = [];

async function pdfOf(query: Record<string, string | number>, token = admin.token) {
  const url = new URL('/api/file/download-contest-problems-pdf', site.baseUrl);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const started = Date.now();
  const res = await fetch(url, { headers: { Authorization: token, 'X-Forwarded-For': randomIp(), 'Accept-Language': 'en-US' } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', made: res.headers.get('x-print-set'), body, ms: Date.now() - started };
}
const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession();
  // A 240x120 red PNG for the statement's image (made by Chromium; uploaded as a statement image).
  const page = await newPage(browser);
  await page.setContent('<div id="r" style="width:240px;height:120px;background:#e00000"></div>');
  const png = await page.locator('#r').screenshot();
  await page.context().close();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
  const up = await fetch(new URL('/api/file/upload-md-img', site.baseUrl), { method: 'POST', headers: { Authorization: admin.token, 'X-Forwarded-For': randomIp() }, body: form });
  const link = ((await up.json()) as { data: { link: string } }).data.link;

  for (let i = 0; i < 5; i++) {
    const problemId = uniqueName(`PDF${i}`);
    const p = { displayId: String.fromCharCode(65 + i), title: `Printable ${i} ${uniqueName('t')}`, time: 1000 + i * 500, memory: 128 + i * 64,
      sampleIn: `in${i} ${uniqueName('s')}`, sampleOut: `out${i} ${uniqueName('o')}`, problemId };
    problems.push(p);
    const description = i === 0
      ? `Sum the numbers: $$\\sum_{i=1}^{n} a_i^2 \\le 10^{9}$$ and inline $x_1 + x_2$.\n\n![red block](${link})\n\n\`\`\`cpp\nint main() { return 0; }\n\`\`\``
      : `Statement ${i}: read two integers and print their sum.`;
    await apiOk('admin/problem', { token: admin.token, body: {
      problem: { problemId, title: p.title, description, input: 'Two integers.', output: 'One integer.', hint: i === 4 ? 'A long hint.\n\n'.repeat(1) + 'x '.repeat(2500) : '',
        source: '', examples: [{ input: p.sampleIn, output: p.sampleOut }], auth: 1, type: 0, timeLimit: p.time, memoryLimit: p.memory },
      tags: [], languages: ['C++'], isUploadTestCase: false, samples: [{ input: '1', output: '1' }],
    } });
  }
  const list = await apiOk<{ records: { id: number; problemId: string }[] }>('admin/problem/get-problem-list', { token: admin.token, query: { keyword: 'PDF', currentPage: 1, limit: 50 } });
  const now = Date.now();
  cid = (await apiOk<{ id: number }>('admin/contest', { token: admin.token, body: {
    title: `Printed Contest ${uniqueName('c')}`, description: 'Print me', startTime: now + 60 * MIN, endTime: now + 5 * 60 * MIN, type: 0, auth: 0,
  } })).id;
  // Added in reverse: the PDF follows contest order (display IDs), not the order of adding.
  for (const p of [...problems].reverse()) {
    const pid = list.records.find((r) => r.problemId === p.problemId)!.id;
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid, displayId: p.displayId } });
  }
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the contest problems PDF', () => {
  it('has a cover and each problem on its own pages, with every title, limit and sample; maths and the image render; the second download is cached', async () => {
    const first = await pdfOf({ cid, lang: 'en-US' });
    expect(first.status, first.body.toString('utf8').slice(0, 300)).toBe(200);
    expect(first.type).toBe('application/pdf');
    expect(first.made).toBe('made');
    const file = path.join(tmp, 'set.pdf');
    fs.writeFileSync(file, first.body);
    const pages = Number(/Pages:\s+(\d+)/.exec(sh('pdfinfo', [file]))![1]);
    // Cover + 5 problems, the last one's long hint spilling onto a second page.
    expect(pages).toBe(7);

    const text = sh('pdftotext', ['-layout', file, '-']);
    const perPage = text.split('\f');
    expect(perPage[0]).toContain('Problem set');
    for (const p of problems) {
      expect(perPage[0]).toContain(p.title); // the cover's problem list
      expect(text).toContain(`${p.displayId}. ${p.title}`);
      expect(text).toContain(`${p.time} ms`);
      expect(text).toContain(`${p.memory} MB`);
      expect(text).toContain(p.sampleIn);
      expect(text).toContain(p.sampleOut);
    }
    // Contest order: problem A starts page 2, E page 6; E's running header repeats on its second page; page numbers.
    expect(perPage[1]).toContain(`A. ${problems[0].title}`);
    expect(perPage[5]).toContain(`E. ${problems[4].title}`);
    expect(perPage[6]).toContain(`E. ${problems[4].title}`);
    expect(perPage[0]).toContain('Page 1 of 7');
    expect(perPage[6]).toContain('Page 7 of 7');
    // KaTeX rendered the maths (no TeX source left), the code block is there.
    expect(text).not.toContain('\\sum');
    expect(text).not.toContain('$$');
    expect(text).toContain('int main()');

    // The image: the page of problem A, as pixels, holds the red block (240x120 CSS px ≈ 63x32 mm).
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '2', '-l', '2', file, path.join(tmp, 'page')]);
    const pngFile = fs.readdirSync(tmp).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
    // Kept for people to look at (e2e/screenshots is git-ignored), with the PDF itself.
    const shots = path.join(path.dirname(new URL(import.meta.url).pathname), '../screenshots');
    fs.mkdirSync(shots, { recursive: true });
    fs.copyFileSync(path.join(tmp, pngFile), path.join(shots, 'contest-pdf-page2.png'));
    fs.copyFileSync(file, path.join(shots, 'contest-pdf.pdf'));
    const page = await newPage(browser);
    const red = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 180 && d[i + 1] < 80 && d[i + 2] < 80) n++;
      return n;
    }, fs.readFileSync(path.join(tmp, pngFile)).toString('base64'));
    await page.context().close();
    // ~63x32 mm at 40 dpi ≈ 99x50 px ≈ 5000 red pixels.
    expect(red).toBeGreaterThan(2500);

    const second = await pdfOf({ cid, lang: 'en-US' });
    expect(second.status).toBe(200);
    expect(second.made).toBe('cached');
    expect(second.body.equals(first.body)).toBe(true);
    console.log(`contest PDF: ${pages} pages, made in ${first.ms} ms, second download ${second.ms} ms`);

    // A changed problem makes a new PDF.
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: (await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } })).problem.id, displayId: 'F' } });
    const third = await pdfOf({ cid, lang: 'en-US' });
    expect(third.made).toBe('made');
  });

  it('follows the language: zh-CN fixed texts', async () => {
    const zh = await pdfOf({ cid, lang: 'zh-CN' });
    expect(zh.status).toBe(200);
    const file = path.join(tmp, 'zh.pdf');
    fs.writeFileSync(file, zh.body);
    const text = sh('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('题目册');
    expect(text).toContain('时间限制');
    fs.writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../screenshots/contest-pdf-zh.txt'), text);
    expect(text).toMatch(/第\s*1\s*页/);
  });

  it('two requests at once share one job', async () => {
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: (await apiOk<{ records: { pid: number; problemId: string }[] }>('get-problem-list', { query: { currentPage: 1, limit: 50 } })).records.find((r) => !problems.some((p) => p.problemId === r.problemId) && r.problemId !== '1000')!.pid, displayId: 'G' } });
    const [a, b] = await Promise.all([pdfOf({ cid, lang: 'en-US' }), pdfOf({ cid, lang: 'en-US' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.made, b.made]).toEqual(['made', 'made']);
    expect(a.body.equals(b.body)).toBe(true);
  });

  it('refuses a user (403) and answers an unknown contest (404) and a contest without problems (400) with messages', async () => {
    const u = await registerUser();
    const user = await loginApi(u.username, u.password);
    const mine = await api('file/download-contest-problems-pdf', { token: user.token, query: { cid } });
    expect(mine.httpStatus).toBe(403);
    const unknown = await api('file/download-contest-problems-pdf', { token: admin.token, query: { cid: 99999999 } });
    expect([unknown.httpStatus, unknown.msg]).toEqual([404, 'The contest does not exist']);
    const now = Date.now();
    const empty = (await apiOk<{ id: number }>('admin/contest', { token: admin.token, body: { title: 'Empty', description: 'x', startTime: now + MIN, endTime: now + 2 * MIN, type: 0, auth: 0 } })).id;
    const none = await api('file/download-contest-problems-pdf', { token: admin.token, query: { cid: empty } });
    expect(none.httpStatus).toBe(400);
    expect(none.msg).toMatch(/no problems/);
  });
});

describe('printing one problem from the problem page', () => {
  it('the print stylesheet shows the statement alone: no navbar, no editor', async () => {
    const page = await newPage(browser, { lang: 'en-US', width: 1280 });
    await goto(page, `/problem/${encodeURIComponent(problems[0].problemId)}`);
    await page.getByTestId('problem-description').waitFor();
    await page.locator('.katex').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.app-header').isVisible()).toBe(false);
    expect(await page.locator('.split-right').isVisible()).toBe(false);
    expect(await page.getByTestId('problem-description').isVisible()).toBe(true);
    await shot(page, 'problem-print-media');
    const pdf = await page.pdf({ format: 'A4' });
    const file = path.join(tmp, 'one.pdf');
    fs.writeFileSync(file, pdf);
    const text = sh('pdftotext', ['-layout', file, '-']);
    expect(text).toContain(problems[0].title);
    expect(text).toContain(problems[0].sampleIn);
    expect(text).not.toMatch(/Submit|提交/);
    await page.context().close();
  });

  it('the admin contest list and the contest problem list offer the download to admins', async () => {
    const page = await newPage(browser, { lang: 'en-US', session: admin });
    await goto(page, `/contest/${cid}/problems`);
    await page.getByTestId('download-problems-pdf').waitFor();
    await goto(page, '/admin/contest');
    await page.getByTestId('download-problems-pdf').first().waitFor();
    await page.context().close();
  });
});
