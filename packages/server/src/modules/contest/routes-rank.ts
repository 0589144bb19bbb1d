import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContestType, contestRankBody, contestRankPage, optionalQueryBool, type AcmCell, type ScoreboardRecord } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { requestStamps } from '../../http/stamps.js';
import { ensureVisible, isContestAdmin } from './access.js';
import { participantOf, requestContest } from './guard.js';
import { contestProblemRefs } from './problems.js';
import { personalFieldsFor } from './rank/rows.js';
import type { ContestRankService } from './rank/service.js';
import type { ContestRow } from './tables.js';
import { xlsxBuffer, type XlsxCell } from '../../lib/xlsx.js';

const rankXlsx = fileAnswer('the rank as a spreadsheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** get-contest-rank (participants), the public scoreboards and the spreadsheet export. */
export async function rankRoutes(app: FastifyInstance, ctx: AppContext, ranks: ContestRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A page's bytes are kept per rank table and query (every watcher refetches after a verdict).
  api.post('/get-contest-rank', { config: { access: 'login', rule: 'contestant' }, schema: { body: contestRankBody, response: answer(contestRankPage) } }, async (req, reply) => {
    const { user, c } = await participantOf(ctx, req, req.body.cid);
    return (await ranks.pageBody(c, user, req.body, requestStamps(ctx, req))).send(req, reply);
  });

  // Public scoreboards /contest/acm-scoreboard/{id} and /contest/oi-scoreboard/{id}: anyone, when openRank is on.
  api.post('/get-contest-outside-scoreboard', { config: { access: 'public', rule: 'contest' }, schema: { body: contestRankBody, response: answer(contestRankPage) } }, async (req, reply) => {
    const c = await requestContest(ctx, req, req.body.cid);
    ensureVisible(req.user, c);
    if (c.open_rank !== 1 && !isContestAdmin(req.user, c)) throw badRequest('contestRankClosed');
    return (await ranks.pageBody(c, req.user, req.body, requestStamps(ctx, req))).send(req, reply);
  });

  // The rank as a spreadsheet: .xlsx by default (cells are text, never formulas), CSV on request.
  const exportRank = async (req: FastifyRequest, reply: FastifyReply, q: { cid: number; removeStar?: boolean; containsEnd?: boolean; format: 'xlsx' | 'csv' }) => {
    const { user, c } = await participantOf(ctx, req, q.cid);
    const rows = (await ranks.rows(c, user, q.containsEnd === true)).filter((r) => !q.removeStar || !r.isStar)
      .map(personalFieldsFor(c, isContestAdmin(user, c)));
    const problems = await contestProblemRefs(ctx, c.id, requestStamps(ctx, req));
    const table = rankTable(c, rows, problems.map((p) => ({ pid: p.pid, displayId: p.display_id })));
    if (q.format === 'csv') {
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="contest_${c.id}_rank.csv"`);
      // UTF-8 with BOM so spreadsheet programs read Chinese names.
      return reply.send('\uFEFF' + table.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n');
    }
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', `attachment; filename="contest_${c.id}_rank.xlsx"`);
    return reply.send(await xlsxBuffer(`Contest ${c.id} rank`, table));
  };

  api.get('/export-contest-rank', { config: { access: 'login', rule: 'contestant' },
    schema: {
      querystring: z.object({
        cid: z.coerce.number().int().positive(), removeStar: optionalQueryBool, containsEnd: optionalQueryBool,
        format: z.enum(['xlsx', 'csv']).default('xlsx'),
      }),
      // .xlsx, or CSV with format=csv.
      response: { 200: { ...rankXlsx[200], content: { ...rankXlsx[200].content, ...fileAnswer('', 'text/csv')[200].content } } },
    },
  }, async (req, reply) => exportRank(req, reply, req.query));

  // HOJ's rank pages download the .xlsx here (containEnd; forceRefresh is moot: the rank is always current).
  api.get('/file/download-contest-rank', { config: { access: 'login', rule: 'contestant' },
    schema: {
      querystring: z.object({ cid: z.coerce.number().int().positive(), removeStar: optionalQueryBool, containEnd: optionalQueryBool, forceRefresh: optionalQueryBool }),
      response: rankXlsx,
    },
  }, async (req, reply) => exportRank(req, reply, { cid: req.query.cid, removeStar: req.query.removeStar, containsEnd: req.query.containEnd, format: 'xlsx' }));
}

/** A CSV cell; text that a spreadsheet would run as a formula gets a leading quote. */
const csvCell = (v: unknown) => {
  let t = String(v ?? '');
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

const hms = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** The rank as rows of cells, header first. */
export function rankTable(c: ContestRow, rows: ScoreboardRecord[], problems: { pid: number; displayId: string }[]): XlsxCell[][] {
  const acm = c.type === ContestType.ACM;
  const head = ['Rank', 'Username', 'Name', 'Real Name', 'School', acm ? 'AC' : 'Total Score', acm ? 'Penalty (min)' : 'Total Time (ms)', ...problems.map((p) => p.displayId)];
  const lines: XlsxCell[][] = [head];
  for (const r of rows) {
    const cells = problems.map((p) => {
      const info = r.submissionInfo[p.pid];
      if (info === undefined) return '';
      if (!acm) return `${info as number} (${r.timeInfo[p.pid] ?? 0}ms)`;
      const a = info as AcmCell;
      const tries = a.errorNum + a.tryNum;
      if (a.isAC) return `${hms(a.ACTime ?? 0)}${a.errorNum ? ` (-${a.errorNum})` : ''}`;
      return tries ? `(-${a.errorNum}${a.tryNum ? ` +${a.tryNum}?` : ''})` : '';
    });
    const row = [r.rank === -1 ? '*' : r.rank, r.username, r.showName, r.realname ?? '', r.school ?? '', acm ? r.ac : r.totalScore, r.totalTime, ...cells];
    lines.push(row);
  }
  return lines;
}
