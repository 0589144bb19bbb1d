import { z } from 'zod';
import { idParam, optionalQueryBool, queryBool } from './common.js';

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

// ---- responses (HOJ's VO field names) ----

export type AuthorRole = 'root' | 'admin' | 'user';

export interface DiscussionVo {
  id: number; pid: string | null; gid: number | null; title: string; description: string; content: string | null;
  categoryId: number; categoryName: string | null; topPriority: boolean;
  uid: number; author: string; avatar: string | null; role: AuthorRole; titleName: string | null; titleColor: string | null;
  commentNum: number; likeNum: number; viewNum: number; hasLike: boolean; status: number;
  gmtCreate: number; gmtModified: number;
}

export interface CategoryVo { id: number; name: string }

export interface ReplyVo {
  id: number; commentId: number; content: string;
  fromUid: number; fromName: string; fromAvatar: string | null; fromRole: AuthorRole; fromTitleName: string | null; fromTitleColor: string | null;
  toUid: number | null; toName: string | null; toAvatar: string | null; gmtCreate: number;
}

export interface CommentVo {
  id: number; did: number | null; cid: number | null; content: string;
  fromUid: number; fromName: string; fromAvatar: string | null; fromRole: AuthorRole; fromTitleName: string | null; fromTitleColor: string | null;
  likeNum: number; gmtCreate: number; replyList: ReplyVo[]; totalReplyNum: number;
}

export interface CommentListVo {
  commentList: { records: CommentVo[]; total: number; current: number; size: number };
  commentLikeMap: Record<number, boolean>;
}

export interface DiscussionReportVo {
  id: number; did: number; gid: number | null; discussionTitle: string | null; discussionAuthor: string | null;
  reporter: string; content: string; status: boolean; gmtCreate: number; gmtModified: number;
}

/** msg/unread */
export interface UnreadCounts { comment: number; reply: number; like: number; sys: number; mine: number }

/** msg/comment, msg/reply, msg/like (HOJ's UserMsgVO). */
export interface UserMsgVo {
  id: number; action: 'Discuss' | 'Reply' | 'Like_Post' | 'Like_Discuss'; sourceId: number; sourceType: 'Discussion' | 'Contest';
  sourceTitle: string | null; sourceContent: string | null; quoteId: number | null; quoteType: 'Comment' | 'Reply' | null; quoteContent: string | null;
  url: string; state: boolean; senderId: number; senderUsername: string | null; senderAvatar: string | null; gmtCreate: number;
}

/** msg/sys, msg/mine (HOJ's SysMsgVO). */
export interface SysMsgVo { id: number; title: string; content: string; adminId: number | null; type: 'Sys' | 'Mine'; state: boolean; gmtCreate: number }
