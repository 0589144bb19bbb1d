import fs from 'node:fs';

/** Debian's Chromium, which the site (and its e2e tests) already depend on; CHROMIUM_PATH may name another. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = () => fs.existsSync(chromiumPath());

export interface PdfPageOptions {
  /** The print page to open (the server's own address). */
  url: string;
  /** Running header (escaped here) and the footer's page label, e.g. 'Page {page} of {pages}'. */
  header: string;
  pageLabel: string;
  timeoutMs: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Opens the print page in a fresh headless Chromium, waits until the page says it has rendered
 * (data-print-ready on <html>: data, KaTeX, fonts and images loaded) or has failed
 * (data-print-error), and prints it to an A4 PDF with the running header and page numbers.
 * The browser is always closed, the time limit included.
 */
export async function printPageToPdf(o: PdfPageOptions): Promise<Buffer> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    // The print page is the server's own address: never through a proxy from the environment.
    args: ['--no-proxy-server', '--disable-dev-shm-usage', '--font-render-hinting=none'],
    timeout: o.timeoutMs,
  });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('print timeout'), { printTimeout: true })), o.timeoutMs);
  });
  try {
    const work = (async () => {
      const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
      await page.emulateMedia({ media: 'print' });
      await page.goto(o.url, { waitUntil: 'load', timeout: o.timeoutMs });
      const handle = await page.waitForFunction(() => {
        const d = document.documentElement.dataset;
        return d.printReady === '1' ? 'ok' : d.printError ? `error:${d.printError}` : false;
      }, undefined, { timeout: o.timeoutMs, polling: 100 });
      const state = (await handle.jsonValue()) as string;
      if (state !== 'ok') throw new Error(state.slice('error:'.length) || 'the print page failed');
      const label = esc(o.pageLabel).replace('{page}', '<span class="pageNumber"></span>').replace('{pages}', '<span class="totalPages"></span>');
      return page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: `<div style="font-size:8px;width:100%;padding:0 15mm;color:#666;font-family:sans-serif;display:flex;justify-content:space-between"><span>${esc(o.header)}</span></div>`,
        footerTemplate: `<div style="font-size:9px;width:100%;text-align:center;color:#444;font-family:sans-serif">${label}</div>`,
        margin: { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' },
      });
    })();
    work.catch(() => {}); // after a timeout its own failure (the closed browser) has no reader
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
    await browser.close().catch(() => {});
  }
}
