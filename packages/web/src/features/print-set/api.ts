import { queryOptions } from '@tanstack/react-query';
import type { PrintLang, PrintSetVo } from '@verdict/shared';
import { api, download } from '../../lib/request';

export type { PrintLang, PrintSetVo } from '@verdict/shared';

export const printSetApi = {
  /** The print page's data: by the print token the server's PDF job passes its Chromium, or as the contest's admin. */
  contest: (cid: number, token: string | null, lang: PrintLang) =>
    api.get<PrintSetVo>('/print-set/contest', { cid, token: token ?? undefined, lang }, { quiet: true }),
  /** The contest's problems as one PDF (the server makes it once, then answers it from its cache). */
  downloadPdf: (cid: number, lang: PrintLang) => download('/file/download-contest-problems-pdf', { cid, lang }, `contest_${cid}_problems.pdf`),
};

export const printSetKeys = { contest: (cid: number, token: string | null, lang: PrintLang) => ['print-set', cid, token ? 'token' : 'session', lang] as const };
export const printSetQuery = (cid: number, token: string | null, lang: PrintLang) =>
  queryOptions({ queryKey: printSetKeys.contest(cid, token, lang), queryFn: () => printSetApi.contest(cid, token, lang), retry: false, staleTime: Infinity });
