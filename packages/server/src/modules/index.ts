import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import site from './site/routes.js';
import mail from './mail/index.js';
import account from './account/routes.js';
import siteAdmin from './site/admin-routes.js';
import dashboard from './dashboard/routes.js';
import adminUser from './admin-user/routes.js';
import announcement from './announcement/routes.js';
import notice from './notice/routes.js';
import judge from './judge/routes.js';
import submission from './submission/routes.js';
import problem from './problem/index.js';
import tag from './tag/routes.js';
import file from './file/routes.js';
import contest from './contest/index.js';
import training from './training/index.js';
import rank from './rank/index.js';
import discussion from './discussion/routes.js';
import comment from './comment/routes.js';
import message from './message/routes.js';
import live from './live/index.js';
import group from './group/index.js';
import remoteJudge from './remote-judge/index.js';
import backup from './backup/index.js';
import judgeLibrary from './judge-library/index.js';
import plagiarism from './plagiarism/index.js';
import rating from './rating/index.js';

/** A domain's routes, registered under /api. Order matters only for services one module offers another. */
export type Module = (api: FastifyInstance, ctx: AppContext) => Promise<void>;

export const modules: Module[] = [site];
modules.push(mail, account);
modules.push(siteAdmin, dashboard, adminUser, announcement, notice);
modules.push(judgeLibrary);
modules.push(problem, tag, file);
modules.push(judge, submission);
modules.push(contest, plagiarism);
modules.push(rating);
modules.push(training, rank);
modules.push(discussion, comment, message);
modules.push(group);
modules.push(remoteJudge);
modules.push(backup);
// Last: its judge listeners run after the other modules' (rank signals follow the ranks they announce).
modules.push(live);
