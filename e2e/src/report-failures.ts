import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach } from 'vitest';
import { openPages } from './harness.js';

/**
 * When a test fails, every page it left open says where it was: its URL, the toasts, dialogs and
 * form errors on screen, and its recent console errors; a screenshot goes to
 * e2e/screenshots/failures/. A failure seen only in CI is then readable from CI's log.
 */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots/failures');

beforeEach(({ task, onTestFailed }) => {
  const start = Date.now();
  onTestFailed(async () => {
    // The pages this test worked on: opened or active since it started (a file's earlier pages stay quiet).
    const pages = [...openPages].filter(([p, seen]) => !p.isClosed() && seen.active >= start).map(([p]) => p);
    if (!pages.length) console.error(`--- "${task.name}" left no page open`);
    for (const [i, page] of pages.entries()) {
      const lines = [`--- page ${i + 1}/${pages.length} of "${task.name}": ${page.url()}`];
      try {
        const onScreen = await page.evaluate(() =>
          [...document.querySelectorAll('.ant-message-notice, .ant-notification-notice, .ant-modal-title, .ant-form-item-explain-error, .ant-result-title')]
            .map((e) => `${e.className.split(' ')[0]}: ${(e as HTMLElement).innerText.trim().slice(0, 200)}`));
        lines.push(...(onScreen.length ? onScreen : ['(no toast, dialog or form error on screen)']));
        fs.mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `${task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}-${i + 1}.png`);
        await page.screenshot({ path: file, timeout: 5000 });
        lines.push(`screenshot: ${file}`);
      } catch (e) {
        lines.push(`(page unreadable: ${(e as Error).message.split('\n')[0]})`);
      }
      lines.push(...(openPages.get(page)?.said ?? []));
      console.error(lines.join('\n'));
    }
  });
});
