import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAROUSEL_MAX, emailConfigBody, hojPoolListsBody, switchConfigBody, testEmailBody, webConfigBody, type EmailConfigInfo, type HojPoolLists, type SwitchConfig, type WebConfig,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { requireRoot } from '../../http/auth.js';
import { receiveImage, removeStoredFile } from '../account/images.js';
import { testMail } from '../mail/templates.js';

/** Carousel pictures may be larger than avatars: they fill the page width. */
const CAROUSEL_MAX_BYTES = 5 * 1024 * 1024;
/** Only our own uploads or web addresses end up in an <img src>. */
const carouselLink = z.string().trim().max(500).refine((s) => /^\/public\/[\w./-]+$/.test(s) || /^https?:\/\/\S+$/i.test(s), 'badRequest');

async function emailInfo(ctx: AppContext): Promise<EmailConfigInfo> {
  const stored = await ctx.services.siteConfig.get('email');
  const status = await ctx.services.mail.status();
  if (stored.host || !ctx.config.smtp) {
    return { host: stored.host, port: stored.port, secure: stored.secure, username: stored.username, from: stored.from, hasPassword: !!stored.password, ...status };
  }
  const env = ctx.config.smtp;
  return { host: env.host, port: env.port, secure: env.secure, username: env.user, from: env.from, hasPassword: !!env.pass, ...status };
}

/** Removes stored carousel files that are no longer listed. */
async function dropUnlisted(ctx: AppContext, before: string[], after: string[]) {
  for (const link of before) if (!after.includes(link)) await removeStoredFile(ctx, link, 'carousel');
}

/** Mail, web config, carousel and switches of the admin area (spec 03 §2.4): super admin only. */
export default async function siteAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;
  const cfg = ctx.services.siteConfig;

  api.get('/admin/config/get-email-config', root, async () => ok(await emailInfo(ctx)));

  api.put('/admin/config/set-email-config', { ...root, schema: { body: emailConfigBody } }, async (req) => {
    const old = await cfg.get('email');
    // An empty password field keeps the saved one; an empty host turns the saved settings off.
    const password = req.body.password === '' ? old.password : req.body.password;
    await cfg.set('email', { ...req.body, password: req.body.host ? password : '' });
    return ok(await emailInfo(ctx));
  });

  api.post('/admin/config/test-email', { ...root, schema: { body: testEmailBody } }, async (req) => {
    const site = (await cfg.get('web')).name;
    await ctx.services.mail.sendOrThrow({ to: req.body.email, ...testMail(req.locale, site) });
    return ok(null);
  });

  api.get('/admin/config/get-web-config', root, async () => ok(await cfg.get('web')));

  api.put('/admin/config/set-web-config', { ...root, schema: { body: webConfigBody.extend({ carousel: z.array(carouselLink).max(CAROUSEL_MAX).optional() }) } }, async (req) => {
    const old = await cfg.get('web');
    const next: WebConfig = { ...old, ...req.body, carousel: req.body.carousel ?? old.carousel };
    await cfg.set('web', next);
    await dropUnlisted(ctx, old.carousel, next.carousel);
    return ok(next);
  });

  api.post('/admin/config/upload-carousel-img', root, async (req) => {
    const me = requireRoot(req);
    const web = await cfg.get('web');
    if (web.carousel.length >= CAROUSEL_MAX) throw badRequest('carouselTooMany', { n: CAROUSEL_MAX });
    const img = await receiveImage(ctx, req, me.uid, 'image', 'carousel', CAROUSEL_MAX_BYTES);
    const next = { ...web, carousel: [...web.carousel, img.link] };
    await cfg.set('web', next);
    return ok({ link: img.link, fileId: img.fileId, carousel: next.carousel });
  });

  api.delete('/admin/config/delete-carousel-img', { ...root, schema: { querystring: z.object({ link: z.string().min(1).max(500) }) } }, async (req) => {
    const web = await cfg.get('web');
    const next = { ...web, carousel: web.carousel.filter((l) => l !== req.query.link) };
    await cfg.set('web', next);
    await dropUnlisted(ctx, web.carousel, next.carousel);
    return ok(next);
  });

  // HOJ's switch config also carries the remote-judge account pools as lists (remote-judge module).
  const pools = async () => (ctx.services.remoteJudge ? await ctx.services.remoteJudge.hojPoolLists() : {});
  api.get('/admin/switch/info', root, async () => ok({ ...(await cfg.switches()), ...(await pools()) }));

  // Partial updates: the screen may send only the switch that changed.
  api.put('/admin/switch/update', { ...root, schema: { body: switchConfigBody.partial().extend(hojPoolListsBody.shape) } }, async (req) => {
    const lists: HojPoolLists = {};
    const switches: Partial<SwitchConfig> = {};
    for (const [k, v] of Object.entries(req.body)) {
      if (k in hojPoolListsBody.shape) (lists as Record<string, unknown>)[k] = v;
      else (switches as Record<string, unknown>)[k] = v;
    }
    if (ctx.services.remoteJudge) await ctx.services.remoteJudge.applyHojPoolLists(lists);
    const next = { ...(await cfg.switches()), ...switches };
    await cfg.set('switch', next);
    return ok({ ...next, ...(await pools()) });
  });
}
