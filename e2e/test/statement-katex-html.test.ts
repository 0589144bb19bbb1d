import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, goto, launchBrowser, newPage, shot, site } from '../src/harness.js';

// Issue 28 item 7: FPS sets derived from LibreOJ carry statements as KaTeX HTML without any `$`.
// Such HTML holds each formula more than once (accessible copies beside the visible HTML, whose
// struts and rows only KaTeX's stylesheet lays out); the stylesheet was loaded only for `$` maths.
const KATEX_N = '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>n</mi></mrow><annotation encoding="application/x-tex">n</annotation></semantics></math></span>'
  + '<span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height:0.4306em;"></span><span class="mord mathnormal">n</span></span></span></span>';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('a statement of pre-rendered KaTeX HTML', () => {
  it('loads KaTeX\'s stylesheet, so each formula shows once, in KaTeX\'s font', async () => {
    const admin = await adminSession();
    const xml = `<?xml version="1.0" encoding="UTF-8"?><fps version="1.2"><item><title>KaTeX HTML</title><time_limit unit="s">1</time_limit>
      <memory_limit unit="mb">128</memory_limit><description><![CDATA[<p>Read ${KATEX_N} numbers.</p>]]></description>
      <test_input>1</test_input><test_output>1</test_output></item></fps>`;
    const form = new FormData();
    form.append('file', new Blob([xml]), 'katex.xml');
    const res = await fetch(new URL('/api/file/import-fps-problem', site.baseUrl), { method: 'POST', headers: { authorization: admin.token }, body: form });
    const problemId = (await res.json()).data.imported[0].problemId as string;

    const page = await newPage(browser, { lang: 'en-US', width: 1280 });
    await goto(page, `/problem/${problemId}`);
    const desc = page.getByTestId('problem-description');
    await desc.locator('.katex-html').first().waitFor();
    // KaTeX's stylesheet is what lays the HTML out (fonts, struts, sub/superscript rows) and hides
    // the accessible copies; the visible formula is set in KaTeX's own font only when it is loaded.
    await expect.poll(() => desc.locator('.katex-html .mathnormal').first().evaluate((e) => getComputedStyle(e).fontFamily)).toMatch(/KaTeX_Math/);
    await shot(page, 'statement-katex-html-en-1280');
  });
});
