import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { setContestGroupRules } from '../contest/index.js';
import { setDiscussionGroupRules } from '../discussion/service.js';
import type { GroupSubmissionRules } from '../submission/service.js';
import { setTrainingGroupRules } from '../training/index.js';
import { Level, findGroup, levelIn } from './access.js';
import { GroupRanks } from './rank.js';
import { groupAnnouncementRoutes } from './routes-announcement.js';
import { groupContestRoutes } from './routes-contest.js';
import { groupDiscussionRoutes } from './routes-discussion.js';
import { groupRoutes } from './routes-group.js';
import { groupProblemRoutes } from './routes-problem.js';
import { groupRankRoutes } from './routes-rank.js';
import { groupTrainingRoutes } from './routes-training.js';
import './tables.js';

/** What other modules ask of groups (problem visibility, test-data uploads with a gid). */
export interface GroupAccess {
  /** Level 3+ in the group (its owner included); the super admin is decided by the caller. */
  isMember(uid: number, gid: number): Promise<boolean>;
  isAdmin(uid: number, gid: number): Promise<boolean>;
  isRoot(uid: number, gid: number): Promise<boolean>;
}

declare module '../../context.js' {
  interface Services { groupAccess: GroupAccess }
}

/** Groups of spec 03: teams and classes with their own members, problems, trainings, contests, discussions and rank. */
export default async function groupModule(api: FastifyInstance, ctx: AppContext) {
  const levelOf = async (uid: number, gid: number) => {
    const g = await findGroup(ctx.db, gid);
    if (!g || g.status === 1) return Level.NONE;
    return levelIn(ctx.db, { uid, roles: [] } as unknown as AuthUser, g);
  };
  /** The caller's level with the super admin passing, for the other modules' rules. */
  const userLevel = async (user: AuthUser | null, gid: number) => {
    const g = await findGroup(ctx.db, gid);
    if (!g) return Level.NONE;
    return levelIn(ctx.db, user, g);
  };
  ctx.services.groupAccess = {
    isMember: async (uid, gid) => (await levelOf(uid, gid)) >= Level.MEMBER,
    isAdmin: async (uid, gid) => (await levelOf(uid, gid)) >= Level.ADMIN,
    isRoot: async (uid, gid) => (await levelOf(uid, gid)) >= Level.ROOT,
  };
  const isMember = async (user: AuthUser, gid: number) => (await userLevel(user, gid)) >= Level.MEMBER;
  const isRootOf = async (user: AuthUser, gid: number) => (await userLevel(user, gid)) >= Level.ROOT;
  setTrainingGroupRules({ isMember, isRoot: isRootOf });
  setContestGroupRules({ isMember, isRoot: isRootOf });
  setDiscussionGroupRules({ isMember });

  const ranks = new GroupRanks(ctx);
  api.addHook('onReady', async () => {
    const rules: GroupSubmissionRules = {
      canSubmit: (user, gid) => isMember(user, gid),
      canView: async (user, gid) => !!user && (await isMember(user, gid)),
    };
    const submission = (ctx.services as unknown as { submission?: { setGroupRules?(r: GroupSubmissionRules): void } }).submission;
    submission?.setGroupRules?.(rules);
    ctx.services.judge?.onResult((e) => {
      if (e.gid > 0 && e.cid === 0) ranks.invalidate(e.gid);
    });
  });

  await groupRoutes(api, ctx);
  await groupAnnouncementRoutes(api, ctx);
  await groupProblemRoutes(api, ctx);
  await groupTrainingRoutes(api, ctx);
  await groupContestRoutes(api, ctx);
  await groupDiscussionRoutes(api, ctx);
  await groupRankRoutes(api, ctx, ranks);
}
