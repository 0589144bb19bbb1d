import { ContestStatus, type CommentListVo, type CommentVo, type ReplyVo } from '@verdict/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { inIds } from '../../db/dialect.js';
import { requireUser, type AuthUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { page } from '../../http/envelope.js';
import { now } from '../../lib/time.js';
import { isContestAdmin } from '../contest/access.js';
import { participantOf } from '../contest/guard.js';
import { statusOf } from '../contest/repo.js';
import type { ContestRow } from '../contest/tables.js';
import { openVisibleDiscussion, type DiscussionHead } from '../discussion/service.js';
import { authorRole, authorRoleOf, checkCanComment, isAnyAdmin, withPostSlot } from '../discussion/posting.js';
import type { CommentRow } from '../discussion/tables.js';
import { byComment, byReply, remind, removeReminds, type Source } from '../message/reminds.js';
import { commentPagesOf, commentsEnvelope } from './pages.js';

/** Where a comment lives: under a discussion, or on a contest's Comment tab. */
type Place = { kind: 'discussion'; d: DiscussionHead } | { kind: 'contest'; c: ContestRow; user: AuthUser };

/**
 * Opens the place for reading or writing. Discussions need the forum switch and a discussion that
 * is not disabled; contest comments need the contest-comment switch and an open contest menu.
 */
async function openPlace(ctx: AppContext, req: FastifyRequest, at: { did?: number | null; cid?: number | null }): Promise<Place> {
  if (at.cid) {
    if (!(await ctx.services.siteConfig.switches()).openContestComment) throw forbidden('noAccess');
    const { user, c } = await participantOf(ctx, req, at.cid);
    return { kind: 'contest', c, user };
  }
  if (!at.did) throw badRequest('commentTargetRequired');
  return { kind: 'discussion', d: await openVisibleDiscussion(ctx, at.did, req.user) };
}

const sourceOf = (p: Place): Source => (p.kind === 'contest' ? { type: 'Contest', id: p.c.id } : { type: 'Discussion', id: p.d.id, gid: p.d.gid });

/**
 * While a contest runs, a participant sees only their own comments and those of the contest
 * admin and super admins (the tab is a question channel to the judges; HOJ does the same).
 */
function contestFilter(p: Place) {
  if (p.kind !== 'contest' || isContestAdmin(p.user, p.c) || statusOf(p.c) !== ContestStatus.RUNNING) return null;
  return { me: p.user.uid, owner: p.c.uid };
}

function userCols<T extends string>(alias: T) {
  return [`${alias}.username`, `${alias}.avatar`, `${alias}.title_name`, `${alias}.title_color`] as const;
}

async function repliesOf(db: Db, commentIds: number[], limitEach?: number): Promise<Map<number, ReplyVo[]>> {
  const out = new Map<number, ReplyVo[]>(commentIds.map((id) => [id, []]));
  if (!commentIds.length) return out;
  // One query for the whole page: each comment's first `limitEach` replies (row_number per comment).
  const first = db.selectFrom('reply').where(inIds(db, 'reply.comment_id', commentIds))
    .select(['reply.id', sql<number>`row_number() over (partition by ${sql.ref('reply.comment_id')} order by ${sql.ref('reply.id')})`.as('rn')]);
  let q = db.selectFrom('reply as r').leftJoin('user as f', 'f.id', 'r.from_uid').leftJoin('user as t', 't.id', 'r.to_uid')
    .select(['r.id', 'r.comment_id', 'r.content', 'r.from_uid', 'r.from_role', 'r.to_uid', 'r.gmt_create', ...userCols('f'),
      't.username as to_name', 't.avatar as to_avatar'])
    .orderBy('r.comment_id').orderBy('r.id', 'asc');
  q = limitEach ? q.where('r.id', 'in', db.selectFrom(first.as('x')).select('x.id').where('x.rn', '<=', limitEach)) : q.where(inIds(db, 'r.comment_id', commentIds));
  for (const r of await q.execute()) {
    out.get(r.comment_id)?.push({
      id: r.id, commentId: r.comment_id, content: r.content, fromUid: r.from_uid, fromName: r.username ?? '', fromAvatar: r.avatar ?? null,
      fromRole: authorRoleOf(r.from_role), fromTitleName: r.title_name ?? null, fromTitleColor: r.title_color ?? null,
      toUid: r.to_uid, toName: r.to_name ?? null, toAvatar: r.to_avatar ?? null, gmtCreate: Number(r.gmt_create),
    });
  }
  return out;
}

/**
 * GET comments as an object, built now without the kept pages: newest first, each with its first
 * 3 replies and its reply total. The route sends commentsBody, whose bytes equal `ok()` of this
 * (test/comment-pages.test.ts holds them to it).
 */
export async function listComments(ctx: AppContext, req: FastifyRequest, q: CommentPageQuery): Promise<CommentListVo> {
  const p = await openPlace(ctx, req, q);
  const commentList = await buildList(ctx, p, q);
  return { commentList, commentLikeMap: await likeMarks(ctx.db, req.user, commentList.records.map((r) => r.id)) };
}

/**
 * GET comments as the bytes sent: a discussion's pages come built from this process's copy,
 * kept until the discussion's comment version moves (pages.ts), plus the caller's own like marks;
 * a contest's Comment tab (small, and filtered per caller while the contest runs) is built per request.
 */
export async function commentsBody(ctx: AppContext, req: FastifyRequest, q: CommentPageQuery): Promise<string> {
  const p = await openPlace(ctx, req, q);
  if (p.kind !== 'discussion') {
    const commentList = await buildList(ctx, p, q);
    return commentsEnvelope(JSON.stringify(commentList), await likeMarks(ctx.db, req.user, commentList.records.map((r) => r.id)));
  }
  const built = await commentPagesOf(ctx.db).page(p.d.id, p.d.comment_ver, q.currentPage, q.limit, async () => {
    const list = await buildList(ctx, p, q);
    return { json: JSON.stringify(list), ids: list.records.map((r) => r.id) };
  });
  return commentsEnvelope(built.json, await likeMarks(ctx.db, req.user, built.ids));
}

type CommentPageQuery = { did?: number; cid?: number; currentPage: number; limit: number };

/** Which of a page's comments the caller liked (nothing to look up for visitors). */
async function likeMarks(db: Db, user: AuthUser | null | undefined, ids: number[]): Promise<Record<number, boolean>> {
  const marks: Record<number, boolean> = {};
  if (!user || !ids.length) return marks;
  const liked = await db.selectFrom('comment_like').select('comment_id').where('uid', '=', user.uid).where(inIds(db, 'comment_id', ids)).execute();
  for (const l of liked) marks[l.comment_id] = true;
  return marks;
}

/** One page of a place's comments, the same for every caller of a discussion (contest tabs filter per caller). */
async function buildList(ctx: AppContext, p: Place, q: CommentPageQuery): Promise<CommentListVo['commentList']> {
  const f = contestFilter(p);
  let base = ctx.db.selectFrom('comment as c');
  base = p.kind === 'contest' ? base.where('c.cid', '=', p.c.id) : base.where('c.did', '=', p.d.id);
  if (f) base = base.where((eb) => eb.or([eb('c.from_uid', 'in', [f.me, f.owner]), eb('c.from_role', '=', 'root')]));
  // A discussion keeps its total with its row; contest tabs are small (and filtered while running).
  const total = p.kind === 'discussion' ? p.d.root_comment_num
    : Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  // The page's ids from the index, joined to their authors in the same query. An offset walks the
  // index entry by entry, so a page in the older half is counted from the oldest end instead.
  const offset = (q.currentPage - 1) * q.limit;
  const listed = p.kind === 'discussion' && total >= ID_LIST_MIN ? await commentIdList(ctx.db, p.d) : null;
  const fromOldest = offset > total / 2 && offset < total;
  const pageIds = listed ? listed.slice(offset, offset + q.limit)
    : fromOldest
      ? base.select('c.id').orderBy('c.id', 'asc').limit(Math.min(q.limit, total - offset)).offset(Math.max(0, total - offset - q.limit))
      : base.select('c.id').orderBy('c.id', 'desc').limit(q.limit).offset(offset);
  const rows = Array.isArray(pageIds) && !pageIds.length ? [] : await ctx.db.selectFrom('comment as c').leftJoin('user as u', 'u.id', 'c.from_uid')
    .select(['c.id', 'c.did', 'c.cid', 'c.content', 'c.from_uid', 'c.from_role', 'c.like_num', 'c.reply_num', 'c.gmt_create', ...userCols('u')])
    .where((eb) => (Array.isArray(pageIds) ? inIds(ctx.db, 'c.id', pageIds) : eb('c.id', 'in', pageIds))).orderBy('c.id', 'desc').execute();
  // Most comments have no reply: the reply query runs only for a page that shows some.
  const replies = await repliesOf(ctx.db, rows.filter((r) => r.reply_num > 0).map((r) => r.id), 3);
  const records: CommentVo[] = rows.map((r) => ({
    id: r.id, did: r.did, cid: r.cid, content: r.content, fromUid: r.from_uid, fromName: r.username ?? '', fromAvatar: r.avatar ?? null,
    fromRole: authorRoleOf(r.from_role), fromTitleName: r.title_name ?? null, fromTitleColor: r.title_color ?? null,
    likeNum: r.like_num, gmtCreate: Number(r.gmt_create), replyList: replies.get(r.id) ?? [], totalReplyNum: r.reply_num,
  }));
  return page(records, total, q.currentPage, q.limit);
}

/**
 * A long discussion's comment ids, newest first, kept per process: a deep page is then a slice
 * instead of an index walk past `offset` entries. The list is valid while the discussion's
 * comment count and its newest comment id are those it was read with (ids only grow, so any
 * added comment moves the newest id, any deleted one the count); checking costs one index probe.
 */
const ID_LIST_MIN = 200;
const ID_LISTS_MAX = 64;
type IdList = { count: number; newest: number; ids: number[] };
const idListsOf = new WeakMap<Db, Map<number, IdList>>();

async function commentIdList(db: Db, d: Pick<DiscussionHead, 'id' | 'root_comment_num'>): Promise<number[]> {
  let idLists = idListsOf.get(db);
  if (!idLists) idListsOf.set(db, (idLists = new Map()));
  const top = await db.selectFrom('comment').select('id').where('did', '=', d.id).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const newest = top?.id ?? 0;
  const kept = idLists.get(d.id);
  if (kept && kept.count === d.root_comment_num && kept.newest === newest) return kept.ids;
  const ids = (await db.selectFrom('comment').select('id').where('did', '=', d.id).orderBy('id', 'desc').execute()).map((r) => r.id);
  idLists.delete(d.id);
  if (idLists.size >= ID_LISTS_MAX) idLists.delete(idLists.keys().next().value!);
  // Keyed by what was read just before the list: a comment added in between only means one more reload.
  idLists.set(d.id, { count: d.root_comment_num, newest, ids });
  return ids;
}

/** Moves a discussion's comment version: every process builds its comment pages again (pages.ts). */
const bumpCommentVer = (db: Db, did: number) => db.updateTable('discussion').set((eb) => ({ comment_ver: eb('comment_ver', '+', 1) })).where('id', '=', did).execute();

async function findComment(db: Db, id: number): Promise<CommentRow> {
  const c = await db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound('commentNotFound');
  return c;
}

export async function addComment(ctx: AppContext, req: FastifyRequest, b: { content: string; did?: number | null; cid?: number | null }): Promise<CommentVo> {
  const user = requireUser(req);
  if (b.did && b.cid) throw badRequest('commentTargetRequired');
  const p = await openPlace(ctx, req, b);
  await checkCanComment(ctx, user, p.kind === 'contest');
  const t = now();
  const role = authorRole(user);
  const id = await withPostSlot(ctx, user, 'comment', () => ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('comment').values({
      did: p.kind === 'discussion' ? p.d.id : null, cid: p.kind === 'contest' ? p.c.id : null, content: b.content,
      from_uid: user.uid, from_role: role, like_num: 0, reply_num: 0, gmt_create: t,
    }).returning('id').executeTakeFirstOrThrow();
    if (p.kind === 'discussion') {
      const up = await trx.updateTable('discussion')
        .set((eb) => ({ comment_num: eb('comment_num', '+', 1), root_comment_num: eb('root_comment_num', '+', 1), comment_ver: eb('comment_ver', '+', 1) }))
        .where('id', '=', p.d.id).executeTakeFirst();
      // The discussion went away meanwhile: nothing is saved.
      if (Number(up.numUpdatedRows) === 0) throw notFound('discussionNotFound');
      await remind(trx, { action: 'Discuss', recipient: p.d.uid, sender: user.uid, source: sourceOf(p), content: b.content, origin: { type: 'comment', id: row.id } });
    }
    return row.id;
  }));
  const u = await ctx.db.selectFrom('user').select(['username', 'avatar', 'title_name', 'title_color']).where('id', '=', user.uid).executeTakeFirstOrThrow();
  return {
    id, did: p.kind === 'discussion' ? p.d.id : null, cid: p.kind === 'contest' ? p.c.id : null, content: b.content, fromUid: user.uid,
    fromName: u.username, fromAvatar: u.avatar, fromRole: role, fromTitleName: u.title_name, fromTitleColor: u.title_color,
    likeNum: 0, gmtCreate: t, replyList: [], totalReplyNum: 0,
  };
}

/**
 * Who may delete a comment or reply (spec 01 §6): its author; on discussions any admin-area role;
 * on contest comments the contest admin.
 */
function mayDelete(user: AuthUser, authorUid: number, p: Place) {
  if (authorUid === user.uid) return true;
  return p.kind === 'contest' ? isContestAdmin(user, p.c) : isAnyAdmin(user);
}

export async function deleteComment(ctx: AppContext, req: FastifyRequest, id: number) {
  const user = requireUser(req);
  const c = await findComment(ctx.db, id);
  const p = await openPlace(ctx, req, c);
  if (!mayDelete(user, c.from_uid, p)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    // The row first: of two deletes racing, the second finds nothing and changes no counter.
    // Then the discussion row, then the message counters: the order adding a comment or reply
    // takes them in, so an add and a delete in one discussion never wait on each other in a circle.
    const del = await trx.deleteFrom('comment').where('id', '=', c.id).executeTakeFirst();
    if (Number(del.numDeletedRows) === 0) throw notFound('commentNotFound');
    if (c.did) {
      // No reply can be added meanwhile: adding one updates the comment row, deleted (locked) here.
      const replies = await trx.selectFrom('reply').select((eb) => eb.fn.countAll<number>().as('n')).where('comment_id', '=', c.id).executeTakeFirstOrThrow();
      const gone = 1 + Number(replies.n);
      await trx.updateTable('discussion')
        .set((eb) => ({ comment_num: eb('comment_num', '-', gone), root_comment_num: eb('root_comment_num', '-', 1), comment_ver: eb('comment_ver', '+', 1) }))
        .where('id', '=', c.did!).execute();
    }
    // Before the replies go: their messages are found through them.
    await removeReminds(trx, byComment(c.id));
    await trx.deleteFrom('reply').where('comment_id', '=', c.id).execute();
    await trx.deleteFrom('comment_like').where('comment_id', '=', c.id).execute();
  });
}

export async function likeComment(ctx: AppContext, req: FastifyRequest, commentId: number, toLike: boolean) {
  const user = requireUser(req);
  const c = await findComment(ctx.db, commentId);
  const p = await openPlace(ctx, req, c);
  await ctx.db.transaction().execute(async (trx) => {
    if (toLike) {
      const res = await trx.insertInto('comment_like').values({ comment_id: c.id, uid: user.uid, gmt_create: now() }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) throw badRequest('alreadyLiked');
      const up = await trx.updateTable('comment').set((eb) => ({ like_num: eb('like_num', '+', 1) })).where('id', '=', c.id).executeTakeFirst();
      if (Number(up.numUpdatedRows) === 0) throw notFound('commentNotFound');
      await remind(trx, { action: 'Like_Discuss', recipient: c.from_uid, sender: user.uid, source: sourceOf(p), content: c.content, origin: { type: 'comment', id: c.id } });
    } else {
      const res = await trx.deleteFrom('comment_like').where('comment_id', '=', c.id).where('uid', '=', user.uid).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw badRequest('notLiked');
      await trx.updateTable('comment').set((eb) => ({ like_num: eb('like_num', '-', 1) })).where('id', '=', c.id).execute();
    }
  });
  // The like count is on the discussion's comment pages. Moved after the commit, on its own: the
  // like's transaction then never waits for the discussion row while holding a counter row (deletes
  // take them the other way round). Answered only once moved, so the next page anyone asks for shows
  // it; a process dying in between leaves the old count for at most pages.ts's PROFILE_TTL_MS.
  if (c.did) await bumpCommentVer(ctx.db, c.did);
}

/** GET reply: every reply of a comment, oldest first (the "expand" of the comment area). */
export async function allReplies(ctx: AppContext, req: FastifyRequest, commentId: number): Promise<ReplyVo[]> {
  const c = await findComment(ctx.db, commentId);
  const p = await openPlace(ctx, req, c);
  const f = contestFilter(p);
  if (f && c.from_uid !== f.me && c.from_uid !== f.owner && c.from_role !== 'root') throw notFound('commentNotFound');
  return (await repliesOf(ctx.db, [c.id])).get(c.id) ?? [];
}

/**
 * The contest reply rule of spec 01 §6: in a contest a user replies to their own comment; to
 * someone else's only as the contest admin, or when that comment is by the contest owner or root.
 */
function mayReplyInContest(user: AuthUser, c: CommentRow, contest: ContestRow) {
  return c.from_uid === user.uid || isContestAdmin(user, contest) || c.from_uid === contest.uid || c.from_role === 'root';
}

export async function addReply(ctx: AppContext, req: FastifyRequest, b: {
  quoteId?: number | null; quoteType?: 'Comment' | 'Reply' | null; reply: { commentId: number; content: string };
}): Promise<ReplyVo> {
  const user = requireUser(req);
  const c = await findComment(ctx.db, b.reply.commentId);
  const p = await openPlace(ctx, req, c);
  if (p.kind === 'contest' && !mayReplyInContest(user, c, p.c)) throw forbidden('contestReplyForbidden');
  await checkCanComment(ctx, user, p.kind === 'contest');
  // The person answered: the quoted reply's author, else the comment's author.
  let toUid = c.from_uid;
  let quote: { id: number; type: 'Comment' | 'Reply' } = { id: c.id, type: 'Comment' };
  if (b.quoteType === 'Reply' && b.quoteId) {
    const r = await ctx.db.selectFrom('reply').select(['id', 'from_uid', 'comment_id']).where('id', '=', b.quoteId).executeTakeFirst();
    if (!r || r.comment_id !== c.id) throw notFound('replyNotFound');
    toUid = r.from_uid;
    quote = { id: r.id, type: 'Reply' };
  }
  const t = now();
  const role = authorRole(user);
  const id = await withPostSlot(ctx, user, 'comment', () => ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('reply').values({ comment_id: c.id, content: b.reply.content, from_uid: user.uid, from_role: role, to_uid: toUid, gmt_create: t })
      .returning('id').executeTakeFirstOrThrow();
    const bumped = await trx.updateTable('comment').set((eb) => ({ reply_num: eb('reply_num', '+', 1) })).where('id', '=', c.id).executeTakeFirst();
    // The comment went away between the check and the write: nothing is saved.
    if (Number(bumped.numUpdatedRows) === 0) throw notFound('commentNotFound');
    if (c.did) await trx.updateTable('discussion').set((eb) => ({ comment_num: eb('comment_num', '+', 1), comment_ver: eb('comment_ver', '+', 1) })).where('id', '=', c.did).execute();
    await remind(trx, { action: 'Reply', recipient: toUid, sender: user.uid, source: sourceOf(p), content: b.reply.content, quote, origin: { type: 'reply', id: row.id } });
    return row.id;
  }));
  return (await repliesOf(ctx.db, [c.id])).get(c.id)!.find((r) => r.id === id)!;
}

export async function deleteReply(ctx: AppContext, req: FastifyRequest, id: number) {
  const user = requireUser(req);
  const r = await ctx.db.selectFrom('reply').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('replyNotFound');
  const c = await findComment(ctx.db, r.comment_id);
  const p = await openPlace(ctx, req, c);
  if (!mayDelete(user, r.from_uid, p)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    const del = await trx.deleteFrom('reply').where('id', '=', r.id).executeTakeFirst();
    if (Number(del.numDeletedRows) === 0) throw notFound('replyNotFound');
    // Comment, discussion, then the message counters: the order adding a reply takes them in.
    await trx.updateTable('comment').set((eb) => ({ reply_num: eb('reply_num', '-', 1) })).where('id', '=', c.id).execute();
    if (c.did) await trx.updateTable('discussion').set((eb) => ({ comment_num: eb('comment_num', '-', 1), comment_ver: eb('comment_ver', '+', 1) })).where('id', '=', c.did).execute();
    await removeReminds(trx, byReply(r.id));
  });
}
