import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GROUP_AVATAR, GROUP_PAGE_SIZES, GroupAuth, MSG, addGroupMemberQuery, canEnterAdmin, deleteGroupMemberQuery, formatMsg, gidQuery,
  groupAccessVo, groupAuthAnswer, groupBody, createdIdVo, groupDetail, groupListQuery, groupMemberPage, groupPageQuery, groupVoPage, isRoot, noData,
  updateGroupMemberBody, validateGroupApply, validateGroupForm, type GroupBody,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireUser, type AuthUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok, page } from '../../http/envelope.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { DAY, now } from '../../lib/time.js';
import { sniffImage, removeStoredFile } from '../account/images.js';
import { consume } from '../account/throttle.js';
import { uploadTooLarge } from '../file/upload.js';
import { Level, findGroup, memberAuth, openGroup, requireLevel } from './access.js';
import { problemIdsChanged } from '../training/progress.js';
import { disbandGroup } from './disband.js';
import {
  applyPage, createGroup, deleteMemberRow, findMemberRow, groupAdminUids, groupsCreatedSince, groupsNamed, joinOrApply, listGroups, memberCounts,
  memberPage, memberUids, notify, removeMember, saveGroupAvatar, setMemberAuth, solvedProblemCount, toGroupDetail, toGroupVo, updateGroup,
} from './repo.js';
import type { GroupRow } from './tables.js';

const isUniqueViolation = (e: unknown) => /unique|duplicate/i.test(String((e as Error)?.message));
// Invitation codes are six characters: wrong guesses are slowed per account and per address.
const CODE_RATE = { burst: 5, intervalMs: 30_000 };

/** Groups and their members (spec 03 §2.3, §4, §7 "Group core"), with HOJ's paths. */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Anyone may browse the list; opening a group needs login (spec 03 §2.3).
  api.get('/get-group-list', { config: { access: 'public' }, schema: { querystring: groupListQuery, response: answer(groupVoPage) } }, async (req) => {
    const q = req.query;
    const user = req.user;
    const { rows, total } = await listGroups(ctx.db, {
      superAdmin: !!user && isRoot(user.roles), uid: user?.uid ?? null, onlyMine: !!q.onlyMine, auth: q.auth, keyword: q.keyword,
      currentPage: q.currentPage, limit: q.limit,
    });
    const counts = await memberCounts(ctx.db, rows.map((r) => r.id));
    return ok(page(rows.map((g) => toGroupVo(g, counts.get(g.id) ?? 0)), total, q.currentPage, q.limit));
  });

  api.get('/get-group-detail', { config: { access: 'login' }, schema: { querystring: gidQuery, response: answer(groupDetail) } }, async (req) => {
    const { g, level } = await openGroup(ctx.db, requireUser(req), req.query.gid);
    const counts = await memberCounts(ctx.db, [g.id]);
    return ok(toGroupDetail(g, counts.get(g.id) ?? 0, level >= Level.ROOT));
  });

  // {access}: may the caller open the group's tabs (a member, or the super admin)?
  api.get('/get-group-access', { config: { access: 'login' }, schema: { querystring: gidQuery, response: answer(groupAccessVo) } }, async (req) => {
    const { level } = await openGroup(ctx.db, requireUser(req), req.query.gid);
    return ok({ access: level >= Level.MEMBER });
  });

  // The caller's own row auth (0 none, 1 applying, 2 refused, 3-5 member levels), as HOJ answers it.
  api.get('/get-group-auth', { config: { access: 'login' }, schema: { querystring: gidQuery, response: answer(groupAuthAnswer) } }, async (req) => {
    const user = requireUser(req);
    const g = await findGroup(ctx.db, req.query.gid);
    if (!g) throw notFound('groupNotFound');
    return ok(user.uid === g.uid ? Level.ROOT : await memberAuth(ctx.db, g.id, user.uid));
  });

  api.post('/group', { config: { access: 'login', rule: 'role' }, schema: { body: groupBody, response: answer(createdIdVo) } }, async (req) => {
    const user = requireUser(req);
    const cols = columnsOf(req.body);
    await checkMayCreate(ctx, user);
    await checkUnique(ctx, cols.name, cols.short_name, null);
    try {
      const id = await createGroup(ctx.db, cols, req.body.visible !== false, user);
      return ok({ id }, 'Create Successfully');
    } catch (e) {
      // Two creators racing for one name: the unique index decides.
      if (isUniqueViolation(e)) await checkUnique(ctx, cols.name, cols.short_name, null);
      throw e;
    }
  });

  api.put('/group', { config: { access: 'login', rule: 'groupRoot' }, schema: { body: groupBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    if (!req.body.id) throw notFound('groupNotFound');
    const { g } = await requireLevel(ctx.db, user, req.body.id, 'root');
    const cols = columnsOf(req.body);
    await checkUnique(ctx, cols.name, cols.short_name, g.id);
    let renamed: number[];
    try {
      // The short name prefixes the group's problem display IDs: renamed with it.
      renamed = await updateGroup(ctx.db, g, cols, req.body.visible === undefined ? g.visible : req.body.visible ? 1 : 0);
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (isUniqueViolation(e)) {
        await checkUnique(ctx, cols.name, cols.short_name, g.id);
        throw badRequest('groupProblemIdExists', { id: cols.short_name });
      }
      throw e;
    }
    // Training ranks show problems by their problem ID.
    await problemIdsChanged(ctx.db, renamed);
    return ok(null, 'Update Successfully');
  });

  // Disband: the owner or the super admin (spec 03 §6); the group's content goes with it.
  api.delete('/group', { config: { access: 'login', rule: 'groupOwner' }, schema: { querystring: gidQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const g = await findGroup(ctx.db, req.query.gid);
    if (!g || (g.status === 1 && !isRoot(user.roles))) throw notFound('groupNotFound');
    if (g.uid !== user.uid && !isRoot(user.roles)) throw forbidden('groupOwnerOnly');
    const members = await memberUids(ctx.db, g.id);
    await disbandGroup(ctx, g);
    await notify(ctx.db, members.filter((u) => u !== user.uid), { title: 'groupNoticeDisbandTitle', content: 'groupNoticeDisbandTitle', vars: { name: g.name } });
    return ok(null, formatMsg(MSG.groupDisbandSuccess, req.locale ?? 'zh-CN'));
  });

  // ---- members ---------------------------------------------------------------------------

  // Root and admins first, then the newest members (the (gid, auth, id) index read backwards, no sort).
  api.get('/group/get-member-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.member), response: answer(groupMemberPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'member');
    return ok(await memberPage(ctx.db, q.gid, q.currentPage, q.limit));
  });

  // The admin view: every row (applications first), with reasons, for the auth select and kick.
  api.get('/group/get-apply-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.member), response: answer(groupMemberPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'admin');
    return ok(await applyPage(ctx.db, q.gid, q.currentPage, q.limit));
  });

  // Join (public) or apply (protected: reason; private: code and reason), spec 03 §4-§5.
  api.post('/group/member', { config: { access: 'login' }, schema: { querystring: addGroupMemberQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const { gid, code, reason } = req.query;
    const g = await findGroup(ctx.db, gid);
    if (!g || (!isRoot(user.roles) && (g.status === 1 || g.visible !== 1))) throw notFound('groupNotFound');
    const current = g.uid === user.uid ? Level.ROOT : await memberAuth(ctx.db, g.id, user.uid);
    if (current === Level.APPLYING) throw badRequest('groupAlreadyApplied');
    if (current >= Level.MEMBER) throw badRequest('groupAlreadyMember');
    const invalid = validateGroupApply(g.auth, code, reason);
    if (invalid) throw badRequest(invalid);
    if (g.auth === GroupAuth.PRIVATE) {
      await consume(ctx, [[`group-code:${g.id}:${user.uid}`, CODE_RATE], [`group-code-ip:${req.ip}`, { burst: 30, intervalMs: 5_000 }]], 'tooManyPasswordGuesses');
      if (code !== g.code) throw badRequest('groupCodeWrong');
    }
    const auth = g.auth === GroupAuth.PUBLIC ? Level.MEMBER : Level.APPLYING;
    const text = g.auth === GroupAuth.PUBLIC ? null : reason!.trim();
    try {
      // A refused applicant may apply again: the row is reused.
      await joinOrApply(ctx.db, g.id, user.uid, auth, text, current === Level.REFUSED);
    } catch (e) {
      if (isUniqueViolation(e)) throw badRequest('groupAlreadyApplied');
      throw e;
    }
    if (auth === Level.MEMBER) {
      await notify(ctx.db, [user.uid], { title: 'groupNoticeWelcomeTitle', content: 'groupNoticeWelcomeTitle', vars: { name: g.name } });
    } else {
      await notify(ctx.db, await groupAdminUids(ctx.db, g), { title: 'groupNoticeApplyTitle', text: `${user.username}: ${text}`, vars: { name: g.name } });
    }
    return ok(null, formatMsg(auth === Level.MEMBER ? MSG.groupJoinSuccess : MSG.groupApplySuccess, req.locale ?? 'zh-CN'));
  });

  // Approve, refuse, promote or demote: spec 03 §6 level rules.
  api.put('/group/member', { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: updateGroupMemberBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    const { g, level } = await requireLevel(ctx.db, user, b.gid, 'admin');
    if (b.uid === g.uid) throw badRequest('groupOwnerUnchangeable');
    const target = await findMemberRow(ctx.db, g.id, b.uid);
    if (!target) throw notFound('groupMemberNotFound');
    if (target.auth >= Level.MEMBER && b.auth < Level.MEMBER) throw badRequest('groupCannotDemoteMember');
    if (!outranks(user, g, level, target.auth, b.auth)) throw forbidden('groupLevelTooHigh');
    if (b.auth === target.auth) return ok(null, 'Update Successfully');
    await setMemberAuth(ctx.db, target.id, b.auth);
    if (target.auth < Level.MEMBER && b.auth >= Level.MEMBER) {
      await notify(ctx.db, [b.uid], { title: 'groupNoticeWelcomeTitle', content: 'groupNoticeWelcomeTitle', vars: { name: g.name } });
    }
    return ok(null, 'Update Successfully');
  });

  // Kick (or drop an application): never oneself, never the owner (disband instead).
  api.delete('/group/member', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: deleteGroupMemberQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const { uid, gid } = req.query;
    const { g, level } = await requireLevel(ctx.db, user, gid, 'admin');
    if (uid === user.uid) throw badRequest('groupCannotKickSelf');
    if (uid === g.uid) throw badRequest('groupCannotKickOwner');
    const target = await findMemberRow(ctx.db, g.id, uid);
    if (!target) throw notFound('groupMemberNotFound');
    if (!outranks(user, g, level, target.auth, null)) throw forbidden('groupLevelTooHigh');
    await deleteMemberRow(ctx.db, target.id);
    if (target.auth >= Level.MEMBER) {
      await notify(ctx.db, [uid], { title: 'groupNoticeRemovedTitle', content: 'groupNoticeRemovedTitle', vars: { name: g.name } });
    }
    return ok(null, 'Delete Successfully');
  });

  api.delete('/group/member/exit', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: gidQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const g = await findGroup(ctx.db, req.query.gid);
    if (!g || (g.status === 1 && !isRoot(user.roles))) throw notFound('groupNotFound');
    if (g.uid === user.uid) throw badRequest('groupOwnerCannotExit');
    const auth = await memberAuth(ctx.db, g.id, user.uid);
    if (auth < Level.MEMBER) throw forbidden('groupNotMember');
    await removeMember(ctx.db, g.id, user.uid);
    return ok(null, formatMsg(MSG.groupExitSuccess, req.locale ?? 'zh-CN'));
  });

  // ---- avatar ----------------------------------------------------------------------------

  // multipart image + gid (HOJ sends gid after the file): read both, then check the group root.
  api.post('/file/upload-group-avatar', { config: { access: 'login', rule: 'groupRoot' }, schema: { response: answer(groupDetail) } }, async (req) => {
    const user = requireUser(req);
    const form = await readAvatarForm(req);
    const gid = Number((req.query as { gid?: string }).gid ?? form.gid);
    if (!Number.isInteger(gid) || gid <= 0) throw notFound('groupNotFound');
    const { g } = await requireLevel(ctx.db, user, gid, 'root');
    const kind = sniffImage(form.data);
    if (!kind) throw badRequest('fileTypeNotSupport');
    const name = `group-${crypto.randomUUID().replace(/-/g, '')}.${kind.ext}`;
    const storageKey = `avatar/${name}`;
    const abs = path.join(ctx.config.dataDir, 'files', storageKey);
    await fs.promises.mkdir(path.dirname(abs), { recursive: true });
    await fs.promises.writeFile(abs, form.data);
    const link = `/public/${storageKey}`;
    try {
      await saveGroupAvatar(ctx.db, g.id, link, { uid: user.uid, name: (form.name || name).slice(0, 255), storageKey, mime: kind.mime, size: form.data.length });
    } catch (e) {
      await fs.promises.rm(abs, { force: true });
      throw e;
    }
    await removeStoredFile(ctx, g.avatar, 'avatar');
    const fresh = (await findGroup(ctx.db, g.id))!;
    const counts = await memberCounts(ctx.db, [g.id]);
    return ok(toGroupDetail(fresh, counts.get(g.id) ?? 0, true), formatMsg(MSG.groupAvatarSuccess, req.locale ?? 'zh-CN'));
  });
}

/**
 * May the caller give `target` (now at `from`) the level `to` (null: remove)? The owner and the
 * super admin manage every row but the owner's; others only rows and levels below their own.
 */
function outranks(user: AuthUser, g: GroupRow, level: number, from: number, to: number | null): boolean {
  if (isRoot(user.roles) || user.uid === g.uid) return true;
  return from < level && (to === null || to < level);
}

/** Spec 03 §5 rules, then the stored columns. */
function columnsOf(b: GroupBody) {
  const err = validateGroupForm(b);
  if (err) throw badRequest(err);
  return {
    name: b.name!.trim(), short_name: b.shortName!.trim(), brief: b.brief!.trim(), description: b.description!.trim(), auth: b.auth!,
    code: b.auth === GroupAuth.PUBLIC ? (b.code?.length === 6 ? b.code : null) : b.code!,
  };
}

async function checkUnique(ctx: AppContext, name: string, shortName: string, selfId: number | null) {
  const others = (await groupsNamed(ctx.db, name, shortName)).filter((r) => r.id !== selfId);
  if (others.some((r) => r.name === name)) throw badRequest('groupNameExists');
  if (others.some((r) => r.short_name === shortName)) throw badRequest('groupShortNameExists');
}

/** Site switches: AC minimum, daily limit and total limit for creating groups; admin-area roles are exempt (HOJ). */
async function checkMayCreate(ctx: AppContext, user: AuthUser) {
  if (canEnterAdmin(user.roles)) return;
  const sw = await ctx.services.siteConfig.switches();
  if (sw.defaultCreateGroupACInitValue > 0) {
    if ((await solvedProblemCount(ctx.db, user.uid)) < sw.defaultCreateGroupACInitValue) throw new AppError(403, 'groupCreateAcMin', { n: sw.defaultCreateGroupACInitValue });
  }
  if (sw.defaultCreateGroupDailyLimit > 0) {
    if ((await groupsCreatedSince(ctx.db, user.uid, now() - DAY)) >= sw.defaultCreateGroupDailyLimit) throw new AppError(403, 'groupCreateDailyLimit', { n: sw.defaultCreateGroupDailyLimit });
  }
  // HOJ's defaultCreateGroupLimit: the groups one user has created in all (0 = no limit).
  if (sw.defaultCreateGroupLimit > 0) {
    if ((await groupsCreatedSince(ctx.db, user.uid, 0)) >= sw.defaultCreateGroupLimit) throw new AppError(403, 'groupCreateLimit', { n: sw.defaultCreateGroupLimit });
  }
}

/** The avatar form: one image (at most 2 MB, an image type) and the gid field, in any order. */
async function readAvatarForm(req: FastifyRequest): Promise<{ gid: string | null; name: string; data: Buffer }> {
  const missing = () => badRequest('fileFieldRequired', { field: 'image' });
  if (!req.isMultipart()) throw missing();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > GROUP_AVATAR.maxBytes + 64 * 1024) throw badRequest('exceedMaxSize');
  let gid: string | null = null;
  let file: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: GROUP_AVATAR.maxBytes + 1, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'gid') gid = String(part.value);
        continue;
      }
      if (part.fieldname !== 'image') { part.file.resume(); continue; }
      const ext = path.extname(part.filename ?? '').slice(1).toLowerCase();
      if (!(GROUP_AVATAR.types as readonly string[]).includes(ext)) { part.file.resume(); throw badRequest('fileTypeNotSupport'); }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > GROUP_AVATAR.maxBytes) throw badRequest('exceedMaxSize');
        chunks.push(chunk);
      }
      if (part.file.truncated) throw badRequest('exceedMaxSize');
      file = { name: part.filename ?? '', data: Buffer.concat(chunks) };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('exceedMaxSize');
    if (code === 'FST_FILES_LIMIT') throw uploadTooLarge(GROUP_AVATAR.maxBytes);
    throw badRequest('uploadMalformed');
  }
  if (!file) throw missing();
  return { gid, ...file };
}
