import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  noData, twoFactorDisableBody, twoFactorEnableBody, twoFactorEnableVo, twoFactorSetupBody, twoFactorSetupVo, twoFactorStatusVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { AppError, badRequest } from '../../http/errors.js';
import { requireUser, revokeAllSessions } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import { userById } from './repo.js';
import { acceptTotp, checkCode, codeAttempt, newRecoveryCodes, newSecret, recheckPassword, seal, secondFactorRequired } from './two-factor.js';
import { enableTwoFactor, recoveryCodesLeft, removeTwoFactor, storePendingSecret, twoFactorOf } from './two-factor-repo.js';

/** The caller's own second factor (issue 33): status, set-up, enable with a first code, disable. */
export default async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const login = { config: { access: 'login' } } as const;

  api.get('/two-factor/status', { ...login, schema: { response: answer(twoFactorStatusVo) } }, async (req) => {
    const me = requireUser(req);
    const tf = await twoFactorOf(ctx, me.uid);
    const enabled = tf?.enabled === 1;
    return ok({
      enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx, me.uid) : 0,
      required: await secondFactorRequired(ctx, me.role), enabledAt: enabled && tf?.enabled_at != null ? Number(tf.enabled_at) : null,
    });
  });

  // A new key each time (an unfinished set-up is replaced); the key is answered here only.
  api.post('/two-factor/setup', { ...login, schema: { body: twoFactorSetupBody, response: answer(twoFactorSetupVo) } }, async (req) => {
    const me = requireUser(req);
    const user = await userById(ctx, me.uid);
    await recheckPassword(ctx, me.uid, user.password_hash, req.body.password);
    if ((await twoFactorOf(ctx, me.uid))?.enabled) throw badRequest('twoFactorAlreadyEnabled');
    const site = (await ctx.services.siteConfig.get('web')).name;
    const fresh = await newSecret(site, user.username);
    await storePendingSecret(ctx, me.uid, seal(ctx, fresh.secret), now());
    return ok(fresh);
  });

  // One valid code turns it on; the recovery codes are answered this once. Other sessions end.
  api.post('/two-factor/enable', { ...login, schema: { body: twoFactorEnableBody, response: answer(twoFactorEnableVo) } }, async (req) => {
    const me = requireUser(req);
    const tf = await twoFactorOf(ctx, me.uid);
    if (!tf) throw badRequest('twoFactorNoSetup');
    if (tf.enabled) throw badRequest('twoFactorAlreadyEnabled');
    await codeAttempt(ctx, req.ip, me.uid, () => acceptTotp(ctx, me.uid, tf.secret, req.body.code));
    const codes = newRecoveryCodes();
    if (!(await enableTwoFactor(ctx, me.uid, codes.hashes, now()))) throw badRequest('twoFactorAlreadyEnabled');
    await revokeAllSessions(ctx, me.uid, me.sessionId);
    return ok({ recoveryCodes: codes.shown });
  });

  // The password and a code (or a recovery code). Other sessions end.
  api.post('/two-factor/disable', { ...login, schema: { body: twoFactorDisableBody, response: answer(noData) } }, async (req) => {
    const me = requireUser(req);
    const tf = await twoFactorOf(ctx, me.uid);
    if (!tf?.enabled) throw badRequest('twoFactorNotEnabled');
    const user = await userById(ctx, me.uid);
    await recheckPassword(ctx, me.uid, user.password_hash, req.body.password);
    if (!req.body.totp && !req.body.recoveryCode) throw new AppError(400, 'twoFactorCodeNeeded', {}, { twoFactorRequired: true });
    await codeAttempt(ctx, req.ip, me.uid, checkCode(ctx, me.uid, tf.secret, req.body));
    await removeTwoFactor(ctx, me.uid);
    await revokeAllSessions(ctx, me.uid, me.sessionId);
    return ok(null);
  });
}
