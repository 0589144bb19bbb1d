import { z } from 'zod';
import { idParam, optionalQueryBool, pageOf, queryBool, vo } from './common.js';

/** Limits and page sizes of the forum, the comment area and the message centre (spec 01 §9, spec 02 §9). */
export const FORUM_LIMITS = {
  titleMax: 255,
  descriptionMax: 255,
  contentMax: 65535,
  commentMax: 10000,
  reportReasonMax: 200,
  discussionPageSize: 10,
  commentPageSize: 10,
  /** Replies shown under a comment before "expand". */
  repliesShown: 3,
  msgPageSize: { Discuss: 6, Reply: 6, Like: 6, Sys: 8, Mine: 8 },
  /** The navbar badge shows at most this number. */
  badgeMax: 99,
  unreadPollMs: 120_000,
  /** Characters of a comment or reply kept in a message (HOJ: 200 then "..."). */
  msgExcerpt: 200,
} as const;

/** Report tags of spec 02 §9, in the order shown; the report content is "#tag1 #tag2 reason". */
export const REPORT_TAGS = ['spam', 'illegal', 'pornographic', 'fraud', 'abuse', 'plagiarism'] as const;

const nonBlank = (required: string, max: number, tooLong: string) => z.string({ message: required }).trim().min(1, required).max(max, tooLong);

/** POST/PUT discussion (HOJ's Discussion entity). pid is a problem display ID. */
export const discussionBody = z.object({
  id: idParam.optional(),
  title: nonBlank('discussionTitleRequired', FORUM_LIMITS.titleMax, 'discussionTitleTooLong'),
  description: nonBlank('discussionDescriptionRequired', FORUM_LIMITS.descriptionMax, 'discussionDescriptionTooLong'),
  content: z.string({ message: 'discussionContentRequired' }).refine((s) => s.trim().length > 0, 'discussionContentRequired')
    .refine((s) => s.length <= FORUM_LIMITS.contentMax, 'discussionContentTooLong'),
  categoryId: z.coerce.number({ message: 'discussionCategoryRequired' }).int().positive('discussionCategoryRequired'),
  pid: z.string().trim().max(255).nullish().transform((v) => (v ? v : null)),
  topPriority: z.boolean().nullish().transform((v) => !!v),
  // HOJ's client sends these back on edit; they are ignored (the server decides them).
  gid: z.unknown().optional(),
}).passthrough();
export type DiscussionBody = z.infer<typeof discussionBody>;

export const discussionListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FORUM_LIMITS.discussionPageSize),
  /** HOJ calls the category filter `cid`. */
  cid: z.coerce.number().int().positive().optional(),
  pid: z.string().trim().max(255).optional(),
  onlyMine: optionalQueryBool,
  keyword: z.string().trim().max(255).optional(),
  /** Admin list: disabled discussions too. */
  admin: optionalQueryBool,
});

export const discussionLikeQuery = z.object({ did: idParam, toLike: queryBool });

export const discussionReportBody = z.object({
  did: z.coerce.number({ message: 'discussionNotFound' }).int().positive('discussionNotFound'),
  content: z.string().default(''),
  reporter: z.string().optional(),
});

export const categoryListBody = z.array(z.object({
  id: z.coerce.number().int().positive().nullish(),
  name: z.string().nullish(),
}).passthrough()).max(200);

/** Comment and reply content: spec 01 §5 (blank → 'Content cannot be empty', > 10000 → its message). */
export const commentContent = z.string({ message: 'contentEmpty' }).refine((s) => s.trim().length > 0, 'contentEmpty')
  .refine((s) => s.length <= FORUM_LIMITS.commentMax, 'contentTooLong');

export const commentBody = z.object({
  content: commentContent,
  did: z.coerce.number().int().positive().nullish(),
  cid: z.coerce.number().int().positive().nullish(),
}).passthrough();

export const commentListQuery = z.object({
  did: z.coerce.number().int().positive().optional(),
  cid: z.coerce.number().int().positive().optional(),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FORUM_LIMITS.commentPageSize),
});

export const deleteCommentBody = z.object({ id: idParam }).passthrough();

export const commentLikeQuery = z.object({
  cid: idParam,
  toLike: queryBool,
  sourceId: z.coerce.number().int().min(0).optional(),
  sourceType: z.enum(['Discussion', 'Contest']).optional(),
});

export const replyBody = z.object({
  did: z.coerce.number().int().positive().nullish(),
  quoteId: z.coerce.number().int().positive().nullish(),
  quoteType: z.enum(['Comment', 'Reply']).nullish(),
  reply: z.object({
    commentId: z.coerce.number({ message: 'commentNotFound' }).int().positive('commentNotFound'),
    content: commentContent,
    toUid: z.union([z.string(), z.number()]).nullish(),
  }).passthrough(),
}).passthrough();

export const deleteReplyBody = z.object({
  did: z.coerce.number().int().positive().nullish(),
  reply: z.object({ id: idParam }).passthrough(),
}).passthrough();

export const replyListQuery = z.object({ commentId: idParam, cid: z.coerce.number().int().positive().optional() });

export const MSG_TYPES = ['Discuss', 'Reply', 'Like', 'Sys', 'Mine'] as const;
export type MsgType = (typeof MSG_TYPES)[number];
export const msgCleanQuery = z.object({
  type: z.enum(MSG_TYPES, { message: 'msgTypeInvalid' }),
  id: z.coerce.number().int().positive().optional(),
});

export const reportHandleBody = z.object({ id: idParam, status: z.boolean() }).passthrough();
export const adminDiscussionBody = z.object({
  id: idParam,
  topPriority: z.boolean().optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
}).passthrough();

// ---- responses (HOJ's VO field names; times are epoch ms) ----

/** Role shown beside a post (SPA / ADM badges), fixed when it is written. */
export const authorRole = z.enum(['root', 'admin', 'user']);
export type AuthorRole = z.infer<typeof authorRole>;

/** HOJ's DiscussionVO: list rows (content only for its author, else null) and the detail. status 0 shown, 1 disabled. */
export const discussionVo = vo({
  id: z.number().int(), pid: z.string().nullable(), gid: z.number().int().nullable(), title: z.string(), description: z.string(), content: z.string().nullable(),
  categoryId: z.number().int(), categoryName: z.string().nullable(), topPriority: z.boolean(),
  uid: z.number().int(), author: z.string(), avatar: z.string().nullable(), role: authorRole, titleName: z.string().nullable(), titleColor: z.string().nullable(),
  commentNum: z.number().int(), likeNum: z.number().int(), viewNum: z.number().int(), hasLike: z.boolean(), status: z.number().int(),
  gmtCreate: z.number().int(), gmtModified: z.number().int(),
});
export type DiscussionVo = z.infer<typeof discussionVo>;
/** get-discussion-list, group/get-discussion-list. */
export const discussionPage = pageOf(discussionVo);

/** HOJ's Category entity (discussion categories). */
export const categoryVo = vo({ id: z.number().int(), name: z.string() });
export type CategoryVo = z.infer<typeof categoryVo>;

/** POST discussion (and the other create calls answering the new row's id). */
export const createdIdVo = vo({ id: z.number().int() });

/** HOJ's ReplyVO. */
export const replyVo = vo({
  id: z.number().int(), commentId: z.number().int(), content: z.string(),
  fromUid: z.number().int(), fromName: z.string(), fromAvatar: z.string().nullable(), fromRole: authorRole, fromTitleName: z.string().nullable(), fromTitleColor: z.string().nullable(),
  toUid: z.number().int().nullable(), toName: z.string().nullable(), toAvatar: z.string().nullable(), gmtCreate: z.number().int(),
});
export type ReplyVo = z.infer<typeof replyVo>;

/** HOJ's CommentVO: a comment with its first replies and their total. */
export const commentVo = vo({
  id: z.number().int(), did: z.number().int().nullable(), cid: z.number().int().nullable(), content: z.string(),
  fromUid: z.number().int(), fromName: z.string(), fromAvatar: z.string().nullable(), fromRole: authorRole, fromTitleName: z.string().nullable(), fromTitleColor: z.string().nullable(),
  likeNum: z.number().int(), gmtCreate: z.number().int(), replyList: z.array(replyVo), totalReplyNum: z.number().int(),
});
export type CommentVo = z.infer<typeof commentVo>;

/** HOJ's CommentListVO (comments): a page of comments and the caller's likes by comment id. */
export const commentListVo = vo({ commentList: pageOf(commentVo), commentLikeMap: z.record(z.string(), z.boolean()) });
export type CommentListVo = z.infer<typeof commentListVo>;

/** HOJ's DiscussionReportVO (admin/discussion-report rows). status: handled. */
export const discussionReportVo = vo({
  id: z.number().int(), did: z.number().int(), gid: z.number().int().nullable(), discussionTitle: z.string().nullable(), discussionAuthor: z.string().nullable(),
  reporter: z.string(), content: z.string(), status: z.boolean(), gmtCreate: z.number().int(), gmtModified: z.number().int(),
});
export type DiscussionReportVo = z.infer<typeof discussionReportVo>;
export const discussionReportPage = pageOf(discussionReportVo);

/** msg/unread (HOJ's UserUnreadMsgCountVO). */
export const userUnreadMsgCountVo = vo({ comment: z.number().int(), reply: z.number().int(), like: z.number().int(), sys: z.number().int(), mine: z.number().int() });
export type UnreadCounts = z.infer<typeof userUnreadMsgCountVo>;

/** msg/comment, msg/reply, msg/like (HOJ's UserMsgVO). state: read. */
export const userMsgVo = vo({
  id: z.number().int(), action: z.enum(['Discuss', 'Reply', 'Like_Post', 'Like_Discuss']), sourceId: z.number().int(), sourceType: z.enum(['Discussion', 'Contest']),
  sourceTitle: z.string().nullable(), sourceContent: z.string().nullable(), quoteId: z.number().int().nullable(), quoteType: z.enum(['Comment', 'Reply']).nullable(),
  quoteContent: z.string().nullable(), url: z.string(), state: z.boolean(), senderId: z.number().int(), senderUsername: z.string().nullable(),
  senderAvatar: z.string().nullable(), gmtCreate: z.number().int(),
});
export type UserMsgVo = z.infer<typeof userMsgVo>;
export const userMsgPage = pageOf(userMsgVo);

/** msg/sys, msg/mine (HOJ's SysMsgVO). state: read. */
export const sysMsgVo = vo({
  id: z.number().int(), title: z.string(), content: z.string(), adminId: z.number().int().nullable(), type: z.enum(['Sys', 'Mine']), state: z.boolean(),
  gmtCreate: z.number().int(),
});
export type SysMsgVo = z.infer<typeof sysMsgVo>;
export const sysMsgPage = pageOf(sysMsgVo);

/**
 * admin/msg/notice rows: a system notice sent to all (HOJ's AdminSysNoticeVO), with its author and recipient count.
 * adminUsername and state are HOJ's names (its screen reads them): the author again, and true (delivered when written).
 */
export const adminSysNoticeVo = vo({
  id: z.number().int(), title: z.string(), content: z.string(), uid: z.number().int(), username: z.string(), adminUsername: z.string(), state: z.boolean(),
  recipients: z.number().int(), gmtCreate: z.number().int(), gmtModified: z.number().int(),
});
export type AdminSysNoticeVo = z.infer<typeof adminSysNoticeVo>;
export const adminSysNoticePage = pageOf(adminSysNoticeVo);
