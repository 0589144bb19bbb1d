import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAROUSEL_MAX, carouselImageVo, emailConfigBody, emailConfigInfo, hojPoolListsBody, noData, switchConfigBody, switchConfigVo, testEmailBody, webConfigBody, webConfigView, webConfigVo,
  type EmailConfigInfo, type HojPoolLists, type SwitchConfig, type WebConfig, type WebConfigView,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { badRequest, notFound } from '../../http/errors.js';
import { requireRoot } from '../../http/auth.js';
import { receiveImage, removeStoredFile, storedFileKey } from '../account/images.js';
import { testMail } from '../mail/templates.js';
import { recordAudit, twoFactorOf } from '../account/two-factor-repo.js';
import { now } from '../../lib/time.js';

/** Carousel pictures may be larger than avatars: they fill the page width. */
const CAROUSEL_MAX_BYTES = 5 * 1024 * 1024;
/** Only our own uploads or web addresses end up in an <img src>. */
const carouselLink = z.string().trim().max(500).refine((s) => /^\/public\/[\w./-]+$/.test(s) || /^https?:\/\/\S+$/i.test(s), 'badRequest');

async function emailInfo(ctx: AppContext): Promise<EmailConfigInfo> {
  const stored = await ctx.services.siteConfig.get('email');
  const status = await ctx.services.mail.status();
  // HOJ's names; the password itself is never sent back (hasPassword says whether one is stored).
  if (stored.emailHost || !ctx.config.smtp) {
    return { emailHost: stored.emailHost, emailPort: stored.emailPort, emailSsl: stored.emailSsl, emailUsername: stored.emailUsername, emailBGImg: stored.emailBGImg, from: stored.from, hasPassword: !!stored.emailPassword, ...status };
  }
  const env = ctx.config.smtp;
  return { emailHost: env.host, emailPort: env.port, emailSsl: env.secure, emailUsername: env.user, emailBGImg: stored.emailBGImg, from: env.from, hasPassword: !!env.pass, ...status };
}

/** The web config's optional texts: HOJ's screen sends 'None' for an empty one. */
const HOJ_NONE_FIELDS = ['description', 'recordName', 'recordUrl', 'projectName', 'projectUrl', 'baseUrl'] as const;

/** Removes stored carousel files that are no longer listed. */
async function dropUnlisted(ctx: AppContext, before: string[], after: string[]) {
  for (const link of before) if (!after.includes(link)) await removeStoredFile(ctx, link, 'carousel');
}

/** Mail, web config, carousel and switches of the admin area (spec 03 §2.4): super admin only. */
export default async function siteAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;
  const cfg = ctx.services.siteConfig;

  api.get('/admin/config/get-email-config', { ...root, schema: { response: answer(emailConfigInfo) } }, async () => ok(await emailInfo(ctx)));

  api.put('/admin/config/set-email-config', { ...root, schema: { body: emailConfigBody, response: answer(emailConfigInfo) } }, async (req) => {
    const old = await cfg.get('email');
    // An empty password field keeps the saved one; an empty host turns the saved settings off.
    const password = req.body.emailPassword === '' ? old.emailPassword : req.body.emailPassword;
    await cfg.set('email', { ...req.body, emailPassword: req.body.emailHost ? password : '' });
    return ok(await emailInfo(ctx));
  });

  api.post('/admin/config/test-email', { ...root, schema: { body: testEmailBody, response: answer(noData) } }, async (req) => {
    const site = (await cfg.get('web')).name;
    await ctx.services.mail.sendOrThrow({ to: req.body.email, ...testMail(req.locale, site) });
    return ok(null);
  });

  api.get('/admin/config/get-web-config', { ...root, schema: { response: answer(webConfigView) } }, async () => {
    const { carousel: _pictures, ...web } = await cfg.get('web');
    const view: WebConfigView = { ...web, register: (await cfg.switches()).register };
    return ok(view);
  });

  // HOJ's screen saves every empty text as 'None' and sends `register` along (a switch here).
  const noneIsEmpty = (body: unknown) => (body && typeof body === 'object'
    ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'None' && (HOJ_NONE_FIELDS as readonly string[]).includes(k) ? '' : v]))
    : body);
  const webConfigSave = z.preprocess(noneIsEmpty, webConfigBody.extend({
    carousel: z.array(carouselLink).max(CAROUSEL_MAX).optional(),
    register: z.boolean().optional(),
  }));
  api.put('/admin/config/set-web-config', { ...root, schema: { body: webConfigSave, response: answer(webConfigVo) } }, async (req) => {
    const { register, ...body } = req.body;
    const old = await cfg.get('web');
    const next: WebConfig = { ...old, ...body, carousel: body.carousel ?? old.carousel };
    await cfg.set('web', next);
    if (register !== undefined) await cfg.set('switch', { ...(await cfg.switches()), register });
    await dropUnlisted(ctx, old.carousel, next.carousel);
    return ok(next);
  });

  /** Stores an uploaded picture and lists it last in the carousel. */
  const addCarouselImage = async (req: FastifyRequest, field: string) => {
    const me = requireRoot(req);
    const web = await cfg.get('web');
    if (web.carousel.length >= CAROUSEL_MAX) throw badRequest('carouselTooMany', { n: CAROUSEL_MAX });
    const img = await receiveImage(ctx, req, me.uid, field, 'carousel', CAROUSEL_MAX_BYTES);
    const next = { ...web, carousel: [...web.carousel, img.link] };
    await cfg.set('web', next);
    // id and url are HOJ's names (its screen deletes by id); link, fileId and carousel ours.
    return { id: img.fileId, url: img.link, link: img.link, fileId: img.fileId, carousel: next.carousel };
  };
  const removeCarouselImage = async (link: string) => {
    const web = await cfg.get('web');
    const next = { ...web, carousel: web.carousel.filter((l) => l !== link) };
    await cfg.set('web', next);
    await dropUnlisted(ctx, web.carousel, next.carousel);
    return next;
  };

  api.post('/admin/config/upload-carousel-img', { ...root, schema: { response: answer(carouselImageVo) } }, async (req) => ok(await addCarouselImage(req, 'image')));
  // HOJ's spelling and form field (el-upload's `file`).
  api.post('/file/upload-carouse-img', { ...root, schema: { response: answer(carouselImageVo) } }, async (req) => ok(await addCarouselImage(req, 'file')));

  api.delete('/admin/config/delete-carousel-img', { ...root, schema: { querystring: z.object({ link: z.string().min(1).max(500) }), response: answer(webConfigVo) } }, async (req) => ok(await removeCarouselImage(req.query.link)));

  // HOJ's screen deletes a picture by the id its upload answered: the stored file's id.
  api.delete('/admin/config/home-carousel', { ...root, schema: { querystring: z.object({ id: z.coerce.number().int().positive() }), response: answer(noData) } }, async (req) => {
    const key = await storedFileKey(ctx, req.query.id, 'carousel');
    if (key === null) throw notFound('carouselImageNotFound');
    await removeCarouselImage(`/public/${key}`);
    return ok(null, 'Delete Successfully');
  });

  // HOJ's switch config also carries the remote-judge account pools as lists (remote-judge module).
  const pools = async () => (ctx.services.remoteJudge ? await ctx.services.remoteJudge.hojPoolLists() : {});
  api.get('/admin/switch/info', { ...root, schema: { response: answer(switchConfigVo) } }, async () => ok({ ...(await cfg.switches()), ...(await pools()) }));

  // Partial updates: the screen may send only the switch that changed.
  api.put('/admin/switch/update', { ...root, schema: { body: switchConfigBody.partial().extend(hojPoolListsBody.shape), response: answer(switchConfigVo) } }, async (req) => {
    const lists: HojPoolLists = {};
    const switches: Partial<SwitchConfig> = {};
    for (const [k, v] of Object.entries(req.body)) {
      if (k in hojPoolListsBody.shape) (lists as Record<string, unknown>)[k] = v;
      else (switches as Record<string, unknown>)[k] = v;
    }
    const before = await cfg.switches();
    // Requiring a second factor of every admin (issue 33): the super admin has one first (or they would lock themselves out), and the change is recorded.
    const requireChange = switches.requireAdminTwoFactor !== undefined && switches.requireAdminTwoFactor !== before.requireAdminTwoFactor;
    const me = requireRoot(req);
    if (requireChange && switches.requireAdminTwoFactor && !(await twoFactorOf(ctx, me.uid))?.enabled) throw badRequest('twoFactorEnrolYourselfFirst');
    if (ctx.services.remoteJudge) await ctx.services.remoteJudge.applyHojPoolLists(lists);
    const next = { ...(await cfg.switches()), ...switches };
    await cfg.set('switch', next);
    if (requireChange) await recordAudit(ctx, { actorUid: me.uid, actorName: me.username, action: next.requireAdminTwoFactor ? 'require_admin_2fa_on' : 'require_admin_2fa_off' }, now());
    return ok({ ...next, ...(await pools()) });
  });
}
