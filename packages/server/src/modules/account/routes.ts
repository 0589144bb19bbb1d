import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG, formatMsg, canEnterAdmin, applyResetPasswordBody, changeEmailBody, changeEmailCodeQuery, changePasswordBody, changeUserInfoBody,
  checkUsernameOrEmailBody, loginBody, registerBody, registerCodeQuery, resetPasswordBody, userLookupQuery,
  captchaVo, changeAccountVo, changeEmailVo, checkUsernameOrEmailVo, noData, registerCodeVo, userAuthInfoVo, userCalendarHeatmapVo, userHomeVo, userInfoVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { issueToken, requireUser, revokeAllSessions, revokeSession } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import { codeMail, resetMail } from '../mail/templates.js';
import { checkCaptcha, CODE_TTL_MS, consumeCode, createCaptcha, mailCode, RESEND_MS, storeCode, type CodePurpose } from './codes.js';
import { dummyHash, hashPassword, needsRehash, randomCode, verifyPassword } from './password.js';
import { calendarHeatmap, findUser, userHomeInfo } from './profile.js';
import { receiveImage, removeStoredFile } from './images.js';
import { RATES, clear, closeThrottle, consume, publicRead, refund, take, type Rate } from './throttle.js';
import { publicBaseUrl } from './public-origin.js';
import { requireSecondFactor } from './two-factor.js';
import { orNull, permissionsOf, roleNames, toUserInfo, type UserRow } from './user-info.js';
import {
  emailTaken, insertRegisteredUser, replaceAvatar, setEmail, setPasswordHash, stampLogin, updateProfile, upgradePasswordHash, userByEmail, userById, userByUsername,
} from './repo.js';

const normEmail = (e: string) => e.trim().toLowerCase();
/** Usernames are shown everywhere and typed at login: no whitespace or control characters. */
const USERNAME_OK = /^[^\s\p{C}]+$/u;

async function siteName(ctx: AppContext) {
  return (await ctx.services.siteConfig.get('web')).name;
}

/**
 * Password check shared by login and admin login (throttle.ts: a slow-down, never a lockout). Each
 * attempt takes a slot from the (account, address) and the address's buckets before the password
 * is checked, refusing with the wait when one is empty; that is what slows an attacker. The
 * account's own bucket, drained from any address, never refuses: once empty the attempt needs a
 * solved image captcha (data.needCaptcha), so the owner still gets in from an address that is not
 * failing while an attacker keeps it empty. A success gives the slots back.
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest, login: { username: string; password: string; captcha?: string | null; captchaKey?: string | null }): Promise<UserRow> {
  const { username, password } = login;
  const userKey = loginKey(username);
  const pairKey = `login-pair:${username.toLowerCase()}:${req.ip}`;
  const ipKey = `login-ip:${req.ip}`;
  await consume(ctx, [[pairKey, RATES.loginPerAccountAddress], [ipKey, RATES.loginPerIp]], 'tooManyLoginFailures');
  if ((await take(ctx, userKey, RATES.loginPerUsername)) > 0) {
    if (!login.captcha || !login.captchaKey) throw new AppError(400, 'loginCaptchaNeeded', {}, { needCaptcha: true });
    await checkCaptcha(ctx, login.captchaKey, login.captcha).catch(() => { throw new AppError(400, 'captchaWrong', {}, { needCaptcha: true }); });
  }
  const user = await userByUsername(ctx, username);
  const good = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  if (!user || !good) throw badRequest('wrongCredentials');
  if (user.status !== 0) throw forbidden('accountDisabled');
  await clear(ctx, userKey);
  await clear(ctx, pairKey);
  await refund(ctx, ipKey, RATES.loginPerIp);
  if (needsRehash(user.password_hash)) {
    const upgraded = await hashPassword(password);
    await upgradePasswordHash(ctx, user.id, upgraded);
    return { ...user, password_hash: upgraded };
  }
  return user;
}

const loginKey = (username: string) => `login-user:${username.toLowerCase()}`;

/** Issues the session, stamps the login and answers with the token in the Authorization header. */
export async function completeLogin(ctx: AppContext, req: FastifyRequest, reply: { header: (k: string, v: string) => unknown }, user: UserRow, isAdminLogin: boolean) {
  const token = await issueToken(ctx, user.id, req, isAdminLogin);
  const t = now();
  await stampLogin(ctx, user.id, t, req.ip ?? null);
  reply.header('Authorization', token);
  return toUserInfo({ ...user, last_login_time: t });
}

/** Without SMTP the envelope message says where the code went, so the client can tell the person. */
const sentAnswer = (req: FastifyRequest, r: { email: string; delivered: boolean }) =>
  ok(r, r.delivered ? 'success' : formatMsg(MSG.mailNotConfigured, req.locale));

/**
 * Every mailed code draws on three buckets, all taken in one atomic step each: the spec's resend
 * wait for the address, a daily cap for the address and the sender's address.
 */
async function takeMailSlots(ctx: AppContext, req: FastifyRequest, email: string, purpose: CodePurpose) {
  const resend: Rate = { burst: 1, intervalMs: RESEND_MS[purpose] };
  await consume(ctx, [[`mail-resend:${purpose}:${email}`, resend]], 'resendTooSoon');
  await consume(ctx, [[`mail-to:${email}`, RATES.mailPerAddress], [`mail-ip:${req.ip}`, RATES.mailPerIp]]);
  // A mail that could not be sent gives the resend wait back, so the person can try again at once.
  return async () => refund(ctx, `mail-resend:${purpose}:${email}`, resend);
}

async function sendCode(ctx: AppContext, req: FastifyRequest, email: string, purpose: 'register' | 'change_email', uid: number | null) {
  const giveBack = await takeMailSlots(ctx, req, email, purpose);
  const code = randomCode(6);
  await storeCode(ctx, email, purpose, code, uid);
  const mail = codeMail(req.locale, await siteName(ctx), purpose, code, CODE_TTL_MS[purpose] / 60_000);
  try {
    const { delivered } = await mailCode(ctx, email, purpose, code, mail);
    return { email, delivered };
  } catch (err) {
    await giveBack();
    throw err;
  }
}

/**
 * The answer to a register-code request for an address that already has an account: the same as
 * a sent code (same throttles, same message), so the call does not tell who is registered. The
 * spec's form checks that on blur through check-username-or-email, which is throttled per address.
 */
async function sendNothing(ctx: AppContext, req: FastifyRequest, email: string) {
  await takeMailSlots(ctx, req, email, 'register');
  return { email, delivered: (await ctx.services.mail.status()).configured };
}

export default async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => closeThrottle(ctx));

  api.get('/get-register-code', { config: { access: 'public', rule: 'key' }, schema: { querystring: registerCodeQuery, response: answer(registerCodeVo) } }, async (req) => {
    if (!(await ctx.services.siteConfig.switches()).register) throw forbidden('registerClosed');
    const email = normEmail(req.query.email);
    if (await emailTaken(ctx, email)) return sentAnswer(req, await sendNothing(ctx, req, email));
    return sentAnswer(req, await sendCode(ctx, req, email, 'register', null));
  });

  api.post('/check-username-or-email', { config: { access: 'public', rule: 'key' }, schema: { body: checkUsernameOrEmailBody, response: answer(checkUsernameOrEmailVo) } }, async (req) => {
    await consume(ctx, [[`check-ip:${req.ip}`, RATES.checkPerIp]]);
    const { username, email } = req.body;
    const u = username?.trim() ? !!(await userByUsername(ctx, username.trim())) : false;
    const e = email?.trim() ? await emailTaken(ctx, normEmail(email)) : false;
    return ok({ username: u, email: e });
  });

  api.post('/register', { config: { access: 'public', rule: 'key' }, schema: { body: registerBody, response: answer(noData) } }, async (req) => {
    if (!(await ctx.services.siteConfig.switches()).register) throw forbidden('registerClosed');
    const { username, password, code } = req.body;
    const email = normEmail(req.body.email);
    if (!USERNAME_OK.test(username)) throw badRequest('usernameInvalid');
    if (await userByUsername(ctx, username)) throw badRequest('usernameExists');
    if (await emailTaken(ctx, email)) throw badRequest('emailExists');
    await consumeCode(ctx, email, 'register', code, null);
    const hash = await hashPassword(password);
    try {
      await insertRegisteredUser(ctx, { username, passwordHash: hash, email });
    } catch {
      // Lost a race with another registration of the same name or address.
      throw badRequest('usernameExists');
    }
    return ok(null);
  });

  api.post('/login', { config: { access: 'public', rule: 'key' }, schema: { body: loginBody, response: answer(userInfoVo) } }, async (req, reply) => {
    const user = await authenticate(ctx, req, req.body);
    await requireSecondFactor(ctx, req, user.id, req.body);
    return ok(await completeLogin(ctx, req, reply, user, false));
  });

  // Idempotent: logging out with an expired or revoked token just succeeds.
  api.get('/logout', { config: { access: 'public' }, schema: { response: answer(noData) } }, async (req) => {
    if (req.user) await revokeSession(ctx, req.user.sessionId);
    return ok(null);
  });

  // The admin area's own login (spec 03 §7): same checks, plus an admin role.
  api.post('/admin/login', { config: { access: 'public', rule: 'key' }, schema: { body: loginBody, response: answer(userInfoVo) } }, async (req, reply) => {
    const user = await authenticate(ctx, req, req.body);
    if (!canEnterAdmin([user.role])) throw forbidden('notAdminArea');
    await requireSecondFactor(ctx, req, user.id, req.body);
    return ok(await completeLogin(ctx, req, reply, user, true));
  });

  api.get('/admin/logout', { config: { access: 'public' }, schema: { response: answer(noData) } }, async (req) => {
    if (req.user) await revokeSession(ctx, req.user.sessionId);
    return ok(null);
  });

  api.get('/get-user-auth-info', { config: { access: 'login' }, schema: { response: answer(userAuthInfoVo) } }, async (req) => {
    const u = requireUser(req);
    return ok({ roles: roleNames(u.role), permissions: permissionsOf(u.role) });
  });

  api.get('/captcha', { config: { access: 'public' }, schema: { response: answer(captchaVo) } }, async (req) => {
    await consume(ctx, [[`captcha-ip:${req.ip}`, RATES.captchaPerIp]]);
    return ok(await createCaptcha(ctx));
  });

  api.post('/apply-reset-password', { config: { access: 'public', rule: 'key' }, schema: { body: applyResetPasswordBody, response: answer(registerCodeVo) } }, async (req) => {
    // Counted before the captcha and the lookup, so unknown addresses cost the same as known ones.
    await consume(ctx, [[`reset-ip:${req.ip}`, RATES.resetPerIp]]);
    await checkCaptcha(ctx, req.body.captchaKey, req.body.captcha);
    const email = normEmail(req.body.email);
    const user = await userByEmail(ctx, email);
    // Spec 01 says the reset form tells when an address is unknown ("The email does not exist"), so
    // this one answer stays; the captcha (single use) and the bucket above keep it slow.
    if (!user) throw badRequest('emailNotExist');
    const giveBack = await takeMailSlots(ctx, req, email, 'reset');
    const code = randomCode(32);
    await storeCode(ctx, email, 'reset', code, user.id);
    const base = await publicBaseUrl(ctx);
    const link = `${base}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
    const mail = resetMail(req.locale, await siteName(ctx), user.username, link, CODE_TTL_MS.reset / 60_000);
    try {
      const { delivered } = await mailCode(ctx, email, 'reset', code, mail);
      return sentAnswer(req, { email, delivered });
    } catch (err) {
      await giveBack();
      throw err;
    }
  });

  api.post('/reset-password', { config: { access: 'public', rule: 'key' }, schema: { body: resetPasswordBody, response: answer(noData) } }, async (req) => {
    const { username, password, code } = req.body;
    // Throttled per username and address; an unknown username, an account without mail and a
    // wrong code all get the same answer, so the call tells nothing about who exists.
    await consume(ctx, [[`reset-user:${username.toLowerCase()}`, RATES.resetPerUsername], [`reset-ip:${req.ip}`, RATES.resetPerIp]]);
    const user = await userByUsername(ctx, username);
    if (!user?.email) throw badRequest('resetLinkInvalid');
    await consumeCode(ctx, user.email, 'reset', code, user.id, 'resetLinkInvalid');
    await setPasswordHash(ctx, user.id, await hashPassword(password));
    await revokeAllSessions(ctx, user.id);
    await clear(ctx, loginKey(username));
    await clear(ctx, `reset-user:${username.toLowerCase()}`);
    return ok(null);
  });

  api.post('/change-password', { config: { access: 'login' }, schema: { body: changePasswordBody, response: answer(changeAccountVo) } }, async (req) => {
    const me = requireUser(req);
    const user = await userById(ctx, me.uid);
    await verifyOrCount(ctx, user, req.body.oldPassword, 'oldPasswordWrong');
    if (req.body.oldPassword === req.body.newPassword) throw badRequest('samePassword');
    await setPasswordHash(ctx, me.uid, await hashPassword(req.body.newPassword));
    // Other devices are logged out; this one keeps its session.
    await revokeAllSessions(ctx, me.uid, me.sessionId);
    return ok({ code: 200, msg: formatMsg(MSG.passwordChanged, req.locale) });
  });

  api.get('/get-change-email-code', { config: { access: 'login' }, schema: { querystring: changeEmailCodeQuery, response: answer(registerCodeVo) } }, async (req) => {
    const me = requireUser(req);
    const email = normEmail(req.query.email);
    if (await emailTaken(ctx, email)) throw badRequest('emailExists');
    return sentAnswer(req, await sendCode(ctx, req, email, 'change_email', me.uid));
  });

  // HOJ's ChangeAccountVO: {code: 200, msg, userInfo} (its client checks code and stores userInfo).
  api.post('/change-email', { config: { access: 'login' }, schema: { body: changeEmailBody, response: answer(changeEmailVo) } }, async (req) => {
    const me = requireUser(req);
    const user = await userById(ctx, me.uid);
    await verifyOrCount(ctx, user, req.body.password, 'passwordWrong');
    const email = normEmail(req.body.newEmail);
    if (await emailTaken(ctx, email)) throw badRequest('emailExists');
    await consumeCode(ctx, email, 'change_email', req.body.code, me.uid);
    await setEmail(ctx, me.uid, email);
    return ok({ code: 200, msg: formatMsg(MSG.emailChanged, req.locale), userInfo: toUserInfo({ ...user, email }) });
  });

  api.post('/change-userInfo', { config: { access: 'login' }, schema: { body: changeUserInfoBody, response: answer(userInfoVo) } }, async (req) => {
    const me = requireUser(req);
    const b = req.body;
    const patch: Partial<UserRow> = {};
    const text = { nickname: b.nickname, realname: b.realname, school: b.school, course: b.course, number: b.number, signature: b.signature, github: b.github, blog: b.blog, cf_username: b.cfUsername } as const;
    for (const [k, v] of Object.entries(text)) if (v !== undefined) (patch as Record<string, string | null>)[k] = orNull(v);
    if (b.gender) patch.gender = b.gender;
    if (b.uiTheme) patch.ui_theme = b.uiTheme;
    return ok(toUserInfo(await updateProfile(ctx, me.uid, patch)));
  });

  api.post('/file/upload-avatar', { config: { access: 'login' }, schema: { response: answer(userInfoVo) } }, async (req) => {
    const me = requireUser(req);
    const img = await receiveImage(ctx, req, me.uid, 'image', 'avatar');
    const old = await replaceAvatar(ctx, me.uid, img.link);
    await removeStoredFile(ctx, old, 'avatar');
    return ok(toUserInfo(await userById(ctx, me.uid)));
  });

  api.get('/get-user-home-info', { config: { access: 'public' }, schema: { querystring: userLookupQuery, response: answer(userHomeVo) } }, async (req) => {
    await publicRead(ctx, req, 'profile');
    const u = await findUser(ctx, req.query, req.user?.uid ?? null);
    return ok(await userHomeInfo(ctx, u, req.user));
  });

  api.get('/get-user-calendar-heatmap', { config: { access: 'public' }, schema: { querystring: userLookupQuery, response: answer(userCalendarHeatmapVo) } }, async (req, reply) => {
    await publicRead(ctx, req, 'profile');
    const u = await findUser(ctx, req.query, req.user?.uid ?? null);
    return (await calendarHeatmap(ctx, u.id, req.user)).send(req, reply);
  });
}

/**
 * A password re-check on a logged-in account has a bucket of its own (the session's owner is the
 * only one drawing on it, and the login bucket an attacker drains must not refuse them), so a
 * stolen session cannot brute-force the password either.
 */
async function verifyOrCount(ctx: AppContext, user: UserRow, password: string, msg: 'oldPasswordWrong' | 'passwordWrong') {
  const key = `password-check:${user.id}`;
  await consume(ctx, [[key, RATES.loginPerAccountAddress]], 'tooManyLoginFailures');
  if (!(await verifyPassword(password, user.password_hash))) throw badRequest(msg);
  await clear(ctx, key);
}
