import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0006_forum, merged into the Kysely Database interface. */
export interface DiscussionCategoryTable { id: Generated<number>; name: string; gmt_create: number }

export interface DiscussionTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  description: string;
  content: string;
  pid: string | null;
  uid: number;
  role: string;
  view_num: number;
  like_num: number;
  comment_num: number;
  /** Top-level comments only: the comment list's total (migration 0016). */
  root_comment_num: Generated<number>;
  /** Moves with every change its comment pages show: comments, replies, comment likes (migration 0021). */
  comment_ver: Generated<number>;
  top_priority: number;
  status: number;
  gid: number | null;
  gmt_create: number;
  gmt_modified: number;
}

export interface DiscussionLikeTable { did: number; uid: number; gmt_create: number }
export interface DiscussionViewTable { did: number; viewer: string; day: number }

export interface DiscussionReportTable {
  id: Generated<number>;
  did: number;
  uid: number;
  reporter: string;
  content: string;
  status: number;
  gmt_create: number;
  gmt_modified: number;
}

export interface CommentTable {
  id: Generated<number>;
  did: number | null;
  cid: number | null;
  content: string;
  from_uid: number;
  from_role: string;
  like_num: number;
  reply_num: number;
  gmt_create: number;
}

export interface CommentLikeTable { comment_id: number; uid: number; gmt_create: number }

export interface ReplyTable {
  id: Generated<number>;
  comment_id: number;
  content: string;
  from_uid: number;
  from_role: string;
  to_uid: number | null;
  gmt_create: number;
}

export interface MsgRemindTable {
  id: Generated<number>;
  action: string;
  tab: string;
  source_id: number;
  source_type: string;
  source_content: string | null;
  quote_id: number | null;
  quote_type: string | null;
  url: string;
  recipient_id: number;
  sender_id: number;
  origin_type: string;
  origin_id: number;
  state: number;
  gmt_create: number;
}

/** Per user and message-centre tab: its unread messages (`comment`...) and all its messages (`comment_total`..., migration 0020); `ver` for all of them. */
export interface UserMsgCountTable {
  uid: number; comment: number; reply: number; like: number; sys: number; mine: number;
  comment_total: Generated<number>; reply_total: Generated<number>; like_total: Generated<number>; sys_total: Generated<number>; mine_total: Generated<number>;
  /** Moves with every change to the user's messages (migration 0023): kept message pages are built per version. */
  ver: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    discussion_category: DiscussionCategoryTable;
    discussion: DiscussionTable;
    discussion_like: DiscussionLikeTable;
    discussion_view: DiscussionViewTable;
    discussion_report: DiscussionReportTable;
    comment: CommentTable;
    comment_like: CommentLikeTable;
    reply: ReplyTable;
    msg_remind: MsgRemindTable;
    user_msg_count: UserMsgCountTable;
  }
}

export type DiscussionRow = Selectable<DiscussionTable>;
export type CommentRow = Selectable<CommentTable>;
export type ReplyRow = Selectable<ReplyTable>;
