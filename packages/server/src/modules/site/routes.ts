import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_SIZES, announcementPage, canEnterAdmin, contestVo, healthVo, homeCarouselVo, optionalQueryBool, recentAcRankRow, recentUpdatedProblemVo, submissionStatisticsVo, websiteConfigVo,
  type WebsiteConfig,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { createSiteConfigService } from './config.js';
import { publicRead } from '../account/throttle.js';
import { commonAnnouncements, homeCarousel, lastWeekSubmissionStatistics, recentContests, recentOtherContests, recentSevenAcRank, recentUpdatedProblems } from './home.js';

const announcementQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.announcement),
});

/** Site config service, website config and the home page calls (spec 01 §7 "Site and home"). */
export default async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  ctx.services.siteConfig = createSiteConfigService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/health', { config: { access: 'public' }, schema: { hide: true, response: answer(healthVo) } }, async () => ok({ up: true }));

  api.get('/get-website-config', { config: { access: 'public' }, schema: { response: answer(websiteConfigVo) } }, async () => {
    const [web, sw, remoteJudges] = await Promise.all([
      ctx.services.siteConfig.get('web'), ctx.services.siteConfig.switches(), ctx.services.remoteJudge?.enabledSites() ?? [],
    ]);
    const data: WebsiteConfig = {
      name: web.name, shortName: web.shortName, description: web.description, recordName: web.recordName, recordUrl: web.recordUrl,
      projectName: web.projectName, projectUrl: web.projectUrl,
      register: sw.register, openPublicDiscussion: sw.openPublicDiscussion, openGroupDiscussion: sw.openGroupDiscussion, openContestComment: sw.openContestComment,
      remoteJudges, ratingNameColor: sw.ratingNameColor,
    };
    return ok(data);
  });

  api.get('/home-carousel', { config: { access: 'public' }, schema: { response: answer(z.array(homeCarouselVo)) } }, async () => ok(await homeCarousel(ctx)));

  api.get('/get-common-announcement', { config: { access: 'public' }, schema: { querystring: announcementQuery, response: answer(announcementPage) } }, async (req) =>
    ok(await commonAnnouncements(ctx, req.query.currentPage, req.query.limit)));

  api.get('/get-recent-contest', { config: { access: 'public' }, schema: { response: answer(z.array(contestVo)) } }, async () => ok(await recentContests(ctx)));
  api.get('/get-recent-other-contest', { config: { access: 'public' }, schema: { response: answer(z.array(contestVo)) } }, async () => ok(await recentOtherContests(ctx)));

  api.get('/get-last-week-submission-statistics', { config: { access: 'public' }, schema: { querystring: z.object({ forceRefresh: optionalQueryBool }), response: answer(submissionStatisticsVo) } }, async (req) => {
    // Kept 60 s (home.ts); limited per address.
    await publicRead(ctx, req, 'home');
    return ok(await lastWeekSubmissionStatistics(ctx, req.query.forceRefresh === true && !!req.user && canEnterAdmin(req.user.roles)));
  });

  api.get('/get-recent-updated-problem', { config: { access: 'public' }, schema: { response: answer(z.array(recentUpdatedProblemVo)) } }, async () => ok(await recentUpdatedProblems(ctx)));
  api.get('/get-recent-seven-ac-rank', { config: { access: 'public' }, schema: { response: answer(z.array(recentAcRankRow)) } }, async (req) => {
    await publicRead(ctx, req, 'home');
    return ok(await recentSevenAcRank(ctx));
  });
}
