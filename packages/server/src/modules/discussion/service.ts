import { sql } from 'kysely';
import type { CategoryVo, DiscussionBody, DiscussionReportVo, DiscussionVo } from '@verdict/shared';
import { canPostDiscussion } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { inIds } from '../../db/dialect.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { page } from '../../http/envelope.js';
import { DAY, now } from '../../lib/time.js';
import { byDiscussions, notifyUser, remind, removeReminds } from '../message/reminds.js';
import { RATES, consume, refund } from '../account/throttle.js';
import { authorRole, authorRoleOf, checkCanPostDiscussion, isAnyAdmin, isSiteAdmin, withPostSlot } from './posting.js';
import type { DiscussionRow } from './tables.js';

/** The public forum must be open (site switch openPublicDiscussion), else "No Access". */
export async function ensureForumOpen(ctx: AppContext) {
  if (!(await ctx.services.siteConfig.switches()).openPublicDiscussion) throw forbidden('noAccess');
}

/** A discussion's own area must be open: a group's follows openGroupDiscussion, the others the public switch. */
export async function ensureOpenFor(ctx: AppContext, did: number) {
  const d = await ctx.db.selectFrom('discussion').select('gid').where('id', '=', did).executeTakeFirst();
  await ensureOpenIn(ctx, d?.gid ?? null);
}

/** The site forum's switch for a site discussion, the group-discussion switch for a group's. */
async function ensureOpenIn(ctx: AppContext, gid: number | null) {
  if (!gid) return ensureForumOpen(ctx);
  if (!(await ctx.services.siteConfig.switches()).openGroupDiscussion) throw forbidden('groupDiscussionClosed');
}

function baseSelect(db: Db) {
  return db.selectFrom('discussion as d')
    .leftJoin('user as u', 'u.id', 'd.uid')
    .leftJoin('discussion_category as c', 'c.id', 'd.category_id')
    .select(['d.id', 'd.pid', 'd.gid', 'd.title', 'd.description', 'd.content', 'd.category_id', 'c.name as category_name', 'd.top_priority',
      'd.uid', 'u.username', 'u.avatar', 'd.role', 'u.title_name', 'u.title_color', 'd.comment_num', 'd.like_num', 'd.view_num', 'd.status',
      'd.gmt_create', 'd.gmt_modified']);
}
type Selected = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;

function toVo(r: Selected, hasLike: boolean, withContent: boolean): DiscussionVo {
  return {
    id: r.id, pid: r.pid, gid: r.gid, title: r.title, description: r.description, content: withContent ? r.content : null,
    categoryId: r.category_id, categoryName: r.category_name ?? null, topPriority: r.top_priority === 1,
    uid: r.uid, author: r.username ?? '', avatar: r.avatar ?? null, role: authorRoleOf(r.role), titleName: r.title_name ?? null, titleColor: r.title_color ?? null,
    commentNum: r.comment_num, likeNum: r.like_num, viewNum: r.view_num, hasLike, status: r.status,
    gmtCreate: Number(r.gmt_create), gmtModified: Number(r.gmt_modified),
  };
}

export async function findDiscussion(db: Db, did: number): Promise<DiscussionRow> {
  const d = await db.selectFrom('discussion').selectAll().where('id', '=', did).executeTakeFirst();
  if (!d) throw notFound('discussionNotFound');
  return d;
}

/** Group discussions belong to the group's members: the group module plugs its rule in here. */
export interface DiscussionGroupRules { isMember(user: AuthUser, gid: number): Promise<boolean> }
let groupRules: DiscussionGroupRules | null = null;
export const setDiscussionGroupRules = (r: DiscussionGroupRules) => { groupRules = r; };

/** A discussion others may act on: it exists and is not disabled (admins still see disabled ones); a group's only for its members. */
export async function visibleDiscussion(db: Db, did: number, user: AuthUser | null): Promise<DiscussionRow> {
  return checkVisible(await findDiscussion(db, did), user);
}

/** ensureOpenFor then visibleDiscussion, with one read of the discussion (comment pages call it on every page). */
export async function openVisibleDiscussion(ctx: AppContext, did: number, user: AuthUser | null): Promise<DiscussionHead> {
  const [d] = await discussionHead(ctx.db, { did });
  await ensureOpenIn(ctx, d?.gid ?? null);
  if (!d) throw notFound('discussionNotFound');
  return checkVisible(d, user);
}

/** What the comment area needs of a discussion, read on every comment page (never its post text). */
export type DiscussionHead = Pick<DiscussionRow, 'id' | 'gid' | 'uid' | 'status' | 'root_comment_num' | 'comment_ver'>;
const discussionHead = compiledOnce(['did'], (db, v) =>
  db.selectFrom('discussion').select(['id', 'gid', 'uid', 'status', 'root_comment_num', 'comment_ver']).where('id', '=', v.did));

async function checkVisible<D extends Pick<DiscussionRow, 'gid' | 'status'>>(d: D, user: AuthUser | null): Promise<D> {
  if (d.gid && !(user && groupRules && (await groupRules.isMember(user, d.gid)))) throw forbidden('groupMemberOnly');
  if (d.status !== 0 && !isAnyAdmin(user)) throw forbidden('discussionDisabled');
  return d;
}

export interface ListFilter {
  currentPage: number; limit: number; cid?: number; pid?: string; onlyMine?: boolean; keyword?: string; admin?: boolean;
  /** A group's discussions (the group module checked the caller); groupAdmin lists disabled ones too. */
  gid?: number; groupAdmin?: boolean;
}

/** get-discussion-list: pinned first, then newest; disabled ones only in the admin list. */
export async function listDiscussions(db: Db, user: AuthUser | null, f: ListFilter) {
  const adminList = (!!f.admin && isAnyAdmin(user)) || !!f.groupAdmin;
  let q = f.gid ? db.selectFrom('discussion as d').where('d.gid', '=', f.gid) : db.selectFrom('discussion as d').where('d.gid', 'is', null);
  if (!adminList) q = q.where('d.status', '=', 0);
  if (f.cid) q = q.where('d.category_id', '=', f.cid);
  if (f.pid) q = q.where('d.pid', '=', f.pid);
  if (f.onlyMine && user) q = q.where('d.uid', '=', user.uid);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = /^\d{1,9}$/.test(f.keyword) ? Number(f.keyword) : -1;
    q = q.where((eb) => eb.or([
      eb('d.title', 'like', like), eb('d.description', 'like', like), eb('d.id', '=', id),
      eb('d.uid', 'in', eb.selectFrom('user').select('user.id').where('user.username', '=', f.keyword!)),
    ]));
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const ids = await q.select('d.id').orderBy('d.top_priority', 'desc').orderBy('d.gmt_create', 'desc').orderBy('d.id', 'desc')
    .limit(f.limit).offset((f.currentPage - 1) * f.limit).execute();
  if (!ids.length) return page([], Number(n), f.currentPage, f.limit);
  const rows = await baseSelect(db).where('d.id', 'in', ids.map((r) => r.id)).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const liked = user ? await likedSet(db, user.uid, ids.map((r) => r.id)) : new Set<number>();
  // As in HOJ, list rows carry the content only for the author (their edit dialog needs it).
  const records = ids.map((r) => byId.get(r.id)!).map((r) => toVo(r, liked.has(r.id), !!user && user.uid === r.uid));
  return page(records, Number(n), f.currentPage, f.limit);
}

async function likedSet(db: Db, uid: number, dids: number[]) {
  const rows = await db.selectFrom('discussion_like').select('did').where('uid', '=', uid).where(inIds(db, 'did', dids)).execute();
  return new Set(rows.map((r) => r.did));
}

/** get-discussion-detail: counts one view per viewer (user, or visitor address) per day. */
export async function discussionDetail(db: Db, user: AuthUser | null, did: number, ip: string) {
  await visibleDiscussion(db, did, user);
  const day = Math.floor(now() / DAY);
  const viewer = user ? String(user.uid) : `ip:${ip}`.slice(0, 64);
  const res = await db.insertInto('discussion_view').values({ did, viewer, day }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
    await db.updateTable('discussion').set((eb) => ({ view_num: eb('view_num', '+', 1) })).where('id', '=', did).execute();
    // Yesterday's rows are still needed around midnight; older ones never are.
    if (Math.random() < 0.01) await db.deleteFrom('discussion_view').where('day', '<', day - 1).execute();
  }
  const r = await baseSelect(db).where('d.id', '=', did).executeTakeFirstOrThrow();
  const liked = user ? (await likedSet(db, user.uid, [did])).has(did) : false;
  return toVo(r, liked, true);
}

async function checkRefs(db: Db, body: DiscussionBody) {
  if (!(await db.selectFrom('discussion_category').select('id').where('id', '=', body.categoryId).executeTakeFirst())) throw badRequest('discussionCategoryNotFound');
  if (body.pid && !(await db.selectFrom('problem').select('id').where('problem_id', '=', body.pid).executeTakeFirst())) throw notFound('discussionProblemNotFound');
}

/** `group`: a group discussion (the group module checked membership); its admins may pin. */
export async function createDiscussion(ctx: AppContext, user: AuthUser, body: DiscussionBody, group: { gid: number; canPin: boolean } | null = null) {
  await checkCanPostDiscussion(ctx, user);
  await checkRefs(ctx.db, body);
  const t = now();
  return withPostSlot(ctx, user, 'discussion', () => ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('discussion').values({
      category_id: body.categoryId, title: body.title, description: body.description, content: body.content, pid: body.pid ?? null,
      uid: user.uid, role: authorRole(user), view_num: 0, like_num: 0, comment_num: 0,
      top_priority: (group ? group.canPin : isSiteAdmin(user)) && body.topPriority ? 1 : 0, status: 0, gid: group?.gid ?? null, gmt_create: t, gmt_modified: t,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }));
}

/** PUT discussion: the author, or a site admin (spec 02 §6); only site admins change the pin. */
export async function updateDiscussion(ctx: AppContext, user: AuthUser, body: DiscussionBody) {
  if (!body.id) throw notFound('discussionNotFound');
  const d = await findDiscussion(ctx.db, body.id);
  if (d.uid !== user.uid && !isSiteAdmin(user)) throw forbidden();
  if (d.uid === user.uid && !isSiteAdmin(user) && !canPostDiscussion(user.roles)) throw forbidden('bannedDiscuss');
  await checkRefs(ctx.db, body);
  await ctx.db.updateTable('discussion').set({
    title: body.title, description: body.description, content: body.content, category_id: body.categoryId, pid: body.pid ?? null,
    top_priority: isSiteAdmin(user) ? (body.topPriority ? 1 : 0) : d.top_priority, gmt_modified: now(),
  }).where('id', '=', d.id).execute();
}

/**
 * Removes discussions with everything under them: comments, replies, likes, views, reports and
 * messages. The discussion rows are locked first (one statement), then the message counters (one
 * sorted pass): the order adding a comment, reply or like takes them in, so a purge and a new
 * comment never wait on each other in a circle.
 */
export async function purgeDiscussions(db: Db, dids: number[]) {
  if (!dids.length) return;
  await db.updateTable('discussion').set((eb) => ({ comment_ver: eb('comment_ver', '+', 1) })).where('id', 'in', dids).execute();
  await removeReminds(db, byDiscussions(dids));
  const comments = db.selectFrom('comment').select('comment.id').where('comment.did', 'in', dids);
  await db.deleteFrom('comment_like').where('comment_id', 'in', comments).execute();
  await db.deleteFrom('reply').where('comment_id', 'in', comments).execute();
  await db.deleteFrom('comment').where('did', 'in', dids).execute();
  for (const t of ['discussion_like', 'discussion_view', 'discussion_report'] as const) await db.deleteFrom(t).where('did', 'in', dids).execute();
  await db.deleteFrom('discussion').where('id', 'in', dids).execute();
}

/** DELETE discussion: the author or a site admin. An admin deleting someone else's post tells its author. */
export async function deleteDiscussion(ctx: AppContext, user: AuthUser, did: number) {
  const d = await findDiscussion(ctx.db, did);
  if (d.uid !== user.uid && !isSiteAdmin(user)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    await purgeDiscussions(trx, [did]);
    if (d.uid !== user.uid) await tellAuthor(trx, d, 'deleted', user.uid);
  });
}

/** A Mine notice to the author when an admin disables or deletes their discussion (in the reader's language). */
export async function tellAuthor(db: Db, d: DiscussionRow, what: 'disabled' | 'deleted', adminId: number) {
  const [tk, ck] = what === 'disabled' ? ['noticeDiscussionDisabledTitle', 'noticeDiscussionDisabled'] as const : ['noticeDiscussionDeletedTitle', 'noticeDiscussionDeleted'] as const;
  await notifyUser(db, d.uid, { title: tk, content: ck, vars: { title: d.title } }, adminId);
}

/** discussion-like: like once (a second like is refused), unlike only what was liked. */
export async function likeDiscussion(ctx: AppContext, user: AuthUser, did: number, toLike: boolean) {
  const d = await visibleDiscussion(ctx.db, did, user);
  await ctx.db.transaction().execute(async (trx) => {
    if (toLike) {
      const res = await trx.insertInto('discussion_like').values({ did, uid: user.uid, gmt_create: now() }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) throw badRequest('alreadyLiked');
      await trx.updateTable('discussion').set((eb) => ({ like_num: eb('like_num', '+', 1) })).where('id', '=', did).execute();
      await remind(trx, { action: 'Like_Post', recipient: d.uid, sender: user.uid, source: { type: 'Discussion', id: did, gid: d.gid }, origin: { type: 'discussion', id: did } });
    } else {
      const res = await trx.deleteFrom('discussion_like').where('did', '=', did).where('uid', '=', user.uid).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw badRequest('notLiked');
      await trx.updateTable('discussion').set((eb) => ({ like_num: eb('like_num', '-', 1) })).where('id', '=', did).execute();
    }
  });
}

export async function reportDiscussion(ctx: AppContext, user: AuthUser, did: number, content: string) {
  const d = await findDiscussion(ctx.db, did);
  // A group's discussion is reported by its members only (the others cannot read it).
  if (d.gid && !(groupRules && (await groupRules.isMember(user, d.gid)))) throw forbidden('groupMemberOnly');
  const text = content.trim();
  if (!text) throw badRequest('reportEmpty');
  // Tags ("#spam ") plus a reason of at most 200 characters.
  if (text.length > 400) throw badRequest('reportTooLong');
  // One open report per user and discussion (a unique index, migration 0024), and a few an hour.
  const open = await ctx.db.selectFrom('discussion_report').select('id').where('did', '=', did).where('uid', '=', user.uid).where('status', '=', 0).executeTakeFirst();
  if (open) throw badRequest('reportAlreadyOpen');
  const slot = `report:${user.uid}`;
  await consume(ctx, [[slot, RATES.reportPerUser]], 'reportTooFast');
  const t = now();
  const added = await ctx.db.insertInto('discussion_report').values({ did, uid: user.uid, reporter: user.username, content: text, status: 0, gmt_create: t, gmt_modified: t })
    .onConflict((oc) => oc.columns(['did', 'uid']).where(sql<boolean>`status = 0`).doNothing()).executeTakeFirst();
  // A second report sent at the same moment met the first one's row: it added nothing, so it costs nothing.
  if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) {
    await refund(ctx, slot, RATES.reportPerUser);
    throw badRequest('reportAlreadyOpen');
  }
}

export async function listCategories(db: Db): Promise<CategoryVo[]> {
  return db.selectFrom('discussion_category').select(['id', 'name']).orderBy('id').execute();
}

/**
 * POST discussion-category (super admin): the whole list. Rows with an id are renamed, rows
 * without one are added, categories left out are removed unless discussions still use them.
 */
export async function upsertCategories(db: Db, list: { id?: number | null; name?: string | null }[]) {
  const items = list.map((c) => ({ id: c.id ?? null, name: (c.name ?? '').trim() }));
  if (items.some((c) => !c.name || c.name.length > 100)) throw badRequest('categoryNameRequired');
  await db.transaction().execute(async (trx) => {
    const keep = items.filter((c) => c.id !== null).map((c) => c.id!);
    const gone = await trx.selectFrom('discussion_category').select(['id', 'name']).$if(keep.length > 0, (q) => q.where('id', 'not in', keep)).execute();
    for (const g of gone) {
      if (await trx.selectFrom('discussion').select('id').where('category_id', '=', g.id).executeTakeFirst()) throw new AppError(400, 'categoryInUse', { name: g.name });
      await trx.deleteFrom('discussion_category').where('id', '=', g.id).execute();
    }
    for (const c of items) {
      if (c.id !== null) await trx.updateTable('discussion_category').set({ name: c.name }).where('id', '=', c.id).execute();
      else await trx.insertInto('discussion_category').values({ name: c.name, gmt_create: now() }).execute();
    }
  });
  return listCategories(db);
}

// ---- admin area ----

export async function adminUpdateDiscussion(ctx: AppContext, user: AuthUser, b: { id: number; topPriority?: boolean; status?: number }) {
  const d = await findDiscussion(ctx.db, b.id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('discussion').set({
      top_priority: b.topPriority === undefined ? d.top_priority : b.topPriority ? 1 : 0,
      status: b.status === undefined ? d.status : b.status, gmt_modified: now(),
    }).where('id', '=', d.id).execute();
    if (b.status === 1 && d.status !== 1) await tellAuthor(trx, d, 'disabled', user.uid);
  });
}

export async function adminDeleteDiscussions(ctx: AppContext, user: AuthUser, ids: number[]) {
  const rows = await ctx.db.selectFrom('discussion').selectAll().where('id', 'in', ids.length ? ids : [-1]).execute();
  if (!rows.length) throw notFound('discussionNotFound');
  await ctx.db.transaction().execute(async (trx) => {
    await purgeDiscussions(trx, rows.map((d) => d.id));
    for (const d of rows) if (d.uid !== user.uid) await tellAuthor(trx, d, 'deleted', user.uid);
  });
}

export async function listReports(db: Db, currentPage: number, limit: number) {
  const { n } = await db.selectFrom('discussion_report').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('discussion_report as r').leftJoin('discussion as d', 'd.id', 'r.did').leftJoin('user as u', 'u.id', 'd.uid')
    .select(['r.id', 'r.did', 'd.gid', 'd.title', 'u.username', 'r.reporter', 'r.content', 'r.status', 'r.gmt_create', 'r.gmt_modified'])
    .orderBy('r.status', 'asc').orderBy('r.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  const records: DiscussionReportVo[] = rows.map((r) => ({
    id: r.id, did: r.did, gid: r.gid ?? null, discussionTitle: r.title ?? null, discussionAuthor: r.username ?? null, reporter: r.reporter,
    content: r.content, status: r.status === 1, gmtCreate: Number(r.gmt_create), gmtModified: Number(r.gmt_modified),
  }));
  return page(records, Number(n), currentPage, limit);
}

export async function setReportHandled(db: Db, id: number, handled: boolean) {
  // Reopened while the same user has another open report on the discussion: that one stands.
  const res = await db.updateTable('discussion_report').set({ status: handled ? 1 : 0, gmt_modified: now() }).where('id', '=', id).executeTakeFirst()
    .catch((e: unknown) => {
      if (/unique|duplicate/i.test(String((e as Error)?.message))) throw badRequest('reportAlreadyOpen');
      throw e;
    });
  if (Number(res.numUpdatedRows) === 0) throw notFound('reportNotFound');
}
