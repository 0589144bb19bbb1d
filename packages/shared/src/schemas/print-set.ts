import { z } from 'zod';
import { idParam, vo } from './common.js';
import { exampleVo } from './problem.js';

/*
 * Printable problem sets (issue 32): a contest's problems as one PDF. The server's headless
 * Chromium opens the web client's print page (/print/contest/:cid), which reads printSetVo with a
 * short-lived print token and renders it with the site's own markdown/KaTeX renderer.
 */

export const PRINT_LANGS = ['zh-CN', 'en-US'] as const;
export const printLang = z.enum(PRINT_LANGS);
export type PrintLang = z.infer<typeof printLang>;

/** GET /api/file/download-contest-problems-pdf: the contest, and the language of the fixed texts (else Accept-Language). */
export const contestProblemsPdfQuery = z.object({ cid: idParam, lang: printLang.optional() });

/** GET /api/print-set/contest: the print page's data, by the print token the PDF job signs (or a contest admin's session). */
export const printSetQuery = z.object({ cid: idParam, token: z.string().max(2000).optional(), lang: printLang.optional() });

/** One problem as printed, in contest order. */
export const printSetProblemVo = vo({
  displayId: z.string(),
  title: z.string(),
  /** ms, for C/C++; other languages get twice that when `othersDoubled`. */
  timeLimit: z.number().int(),
  /** MB, as timeLimit. */
  memoryLimit: z.number().int(),
  othersDoubled: z.boolean(),
  /** 0 ACM, 1 OI. */
  type: z.number().int(),
  ioScore: z.number().int().nullable(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  hint: z.string(),
  examples: z.array(exampleVo),
});
export type PrintSetProblemVo = z.infer<typeof printSetProblemVo>;

export const printSetVo = vo({
  lang: printLang,
  /** Times in ms since the epoch, as the contest answers send them. */
  contest: vo({ id: z.number().int(), title: z.string(), startTime: z.number().int(), endTime: z.number().int() }),
  problems: z.array(printSetProblemVo),
});
export type PrintSetVo = z.infer<typeof printSetVo>;
