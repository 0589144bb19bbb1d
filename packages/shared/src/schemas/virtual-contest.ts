import { z } from 'zod';
import { idParam, pageOf, vo } from './common.js';
import { contestRankVo } from './contest.js';

/** Virtual participation (issue 30): a user's own run of an ended contest. */

/** POST /api/start-virtual-contest (password: for a private or protected contest the user has not registered to). */
export const startVirtualContestBody = z.object({ cid: idParam, password: z.string().max(100).optional() });
export type StartVirtualContestBody = z.infer<typeof startVirtualContestBody>;

/** A virtual run. Times in ms, duration in seconds (as contestVo). */
export const virtualRunVo = vo({
  id: z.number().int(),
  cid: z.number().int(),
  uid: z.number().int(),
  title: z.string(),
  /** 0 ACM, 1 OI. */
  type: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  duration: z.number().int(),
  /** 0 running, 1 ended (from the server's clock). */
  status: z.number().int(),
  /** The server's clock (ms), for the countdown. */
  now: z.number().int(),
});
export type VirtualRunVo = z.infer<typeof virtualRunVo>;
/** GET /api/get-user-virtual-contests?uid=: the user's runs, latest first. */
export const virtualRunList = z.array(virtualRunVo);
/** GET /api/get-virtual-contest?cid=: the caller's run of the contest, or null. */
export const virtualRunOrNull = virtualRunVo.nullable();

/** POST /api/get-virtual-contest-rank. */
export const virtualContestRankBody = z.object({
  cid: idParam,
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(30),
  keyword: z.string().max(100).optional(),
});
export type VirtualContestRankBody = z.infer<typeof virtualContestRankBody>;

/** A row of the virtual scoreboard: the live rank's record, virtual false for the real participants (ghosts). */
export const virtualContestRankVo = contestRankVo.extend({ virtual: z.boolean() });
export type VirtualContestRankVo = z.infer<typeof virtualContestRankVo>;
export const virtualContestRankPage = pageOf(virtualContestRankVo);
export type VirtualContestRankPage = z.infer<typeof virtualContestRankPage>;
