import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseExamples, type PrintLang, type PrintSetVo } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import { AppError, badRequest } from '../../../http/errors.js';
import { hasWebDist } from '../../../http/web-static.js';
import type { ContestRow } from '../tables.js';
import { hasChromium, printPageToPdf } from './chromium.js';
import { printSetProblemRows } from './repo.js';
import { signPrintToken } from './token.js';

/** Bumped when the print page or the PDF options change in a way the web build's identity does not show. */
const RENDER_VERSION = 1;
/** One PDF job's time limit: Chromium's start, the page, its maths and images, the printing. */
export const PRINT_JOB_TIMEOUT_MS = Number(process.env.PRINT_JOB_TIMEOUT_MS) || 120_000;

/** What the print page shows: the contest and its problems in contest order, statements as written. */
export async function printSetOf(ctx: AppContext, c: ContestRow, lang: PrintLang): Promise<PrintSetVo> {
  const rows = await printSetProblemRows(ctx.db, c.id);
  return {
    lang,
    contest: { id: c.id, title: c.title, startTime: c.start_time, endTime: c.end_time },
    problems: rows.map((r) => ({
      displayId: r.display_id,
      title: r.display_title || r.title,
      timeLimit: r.time_limit,
      memoryLimit: r.memory_limit,
      // As the problem page: Codeforces problems keep one limit for every language.
      othersDoubled: !/^(CF|GYM)-/.test(r.problem_id),
      type: r.type,
      ioScore: r.type === 1 ? r.io_score : null,
      isFileIO: r.is_file_io === 1,
      ioReadFileName: r.io_read_file_name,
      ioWriteFileName: r.io_write_file_name,
      description: r.description ?? '',
      input: r.input ?? '',
      output: r.output ?? '',
      hint: r.hint ?? '',
      examples: parseExamples(r.examples),
    })),
  };
}

/** The built client's identity: a new build may render differently, so it is part of the stamp. */
function webBuildId(webDist: string): string {
  const st = fs.statSync(path.join(webDist, 'index.html'));
  return `${st.size}:${st.mtimeMs}`;
}

const dirOf = (ctx: AppContext) => path.join(ctx.config.dataDir, 'contest-pdf');

/** Jobs per contest (one at a time each), and one Chromium at a time for the whole process. */
const running = new Map<number, { key: string; done: Promise<string> }>();
let chromiumQueue: Promise<unknown> = Promise.resolve();

export interface ContestPdf { file: string; cached: boolean }

/**
 * The contest's problems as one PDF, from the cache when nothing that went into it has changed
 * (the print set's data, the language, the web build), else made by a job: the server's headless
 * Chromium opens the web client's print page at `origin` with a print token. A request arriving
 * while the same PDF is being made waits for that job.
 */
export async function contestProblemsPdf(ctx: AppContext, c: ContestRow, lang: PrintLang, origin: string | null): Promise<ContestPdf> {
  const set = await printSetOf(ctx, c, lang);
  if (set.problems.length === 0) throw badRequest('printSetNoProblems');
  const webDist = ctx.config.webDist;
  if (!hasWebDist(webDist) || !origin) throw new AppError(503, 'printSetNoWebClient');
  if (!hasChromium()) throw new AppError(503, 'printSetNoBrowser');

  const stamp = crypto.createHash('sha256').update(JSON.stringify([RENDER_VERSION, webBuildId(webDist), set])).digest('hex').slice(0, 24);
  const key = `${c.id}-${lang}-${stamp}`;
  const file = path.join(dirOf(ctx), `${key}.pdf`);
  for (;;) {
    if (fs.existsSync(file)) return { file, cached: true };
    const job = running.get(c.id);
    if (!job) break;
    if (job.key === key) return { file: await job.done, cached: false };
    await job.done.catch(() => {}); // another language or an older version of the set: wait for the contest's turn
  }
  const done = (async () => {
    const turn = chromiumQueue.then(() => makePdf(ctx, c, set, lang, origin, file));
    chromiumQueue = turn.catch(() => {});
    return turn;
  })();
  const entry = { key, done };
  running.set(c.id, entry);
  try {
    return { file: await done, cached: false };
  } finally {
    if (running.get(c.id) === entry) running.delete(c.id);
  }
}

async function makePdf(ctx: AppContext, c: ContestRow, set: PrintSetVo, lang: PrintLang, origin: string, file: string): Promise<string> {
  const token = await signPrintToken(ctx, c.id, lang);
  const fixed = MSG_PAGE[lang];
  let pdf: Buffer;
  try {
    pdf = await printPageToPdf({
      url: `${origin}/print/contest/${c.id}?lang=${lang}#token=${encodeURIComponent(token)}`,
      header: set.contest.title,
      pageLabel: fixed,
      timeoutMs: PRINT_JOB_TIMEOUT_MS,
    });
  } catch (e) {
    if ((e as { printTimeout?: boolean }).printTimeout) throw new AppError(503, 'printSetTimeout');
    ctx.log.warn({ err: e, cid: c.id }, 'contest PDF failed');
    throw new AppError(500, 'printSetFailed', { reason: String((e as Error).message ?? e).split('\n')[0].slice(0, 200) });
  }
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, pdf);
  fs.renameSync(tmp, file);
  // Older PDFs of this contest and language are stale now.
  const prefix = `${c.id}-${lang}-`;
  for (const f of fs.readdirSync(dir)) {
    if (f.startsWith(prefix) && f.endsWith('.pdf') && path.join(dir, f) !== file) fs.rmSync(path.join(dir, f), { force: true });
  }
  return file;
}

/** The footer's page label; {page} and {pages} become Chromium's page number fields. */
const MSG_PAGE: Record<PrintLang, string> = { 'zh-CN': '第 {page} 页 / 共 {pages} 页', 'en-US': 'Page {page} of {pages}' };
