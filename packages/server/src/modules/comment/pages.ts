import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/index.js';
import { okJson } from '../../http/envelope.js';
import { KeptPages } from '../../lib/kept-pages.js';

/**
 * Authors' names, avatars and titles show after at most this long; everything else a comment page
 * shows moves its discussion's comment version (discussion.comment_ver, migration 0021) and shows
 * at the next request on every process: comments and replies added or deleted, comment likes.
 */
export const PROFILE_TTL_MS = 60_000;
/**
 * Built pages kept per process, all discussions together, bounded by count and by their text's
 * length (a page of 10 short comments is a few KB; of 10 long ones with replies, a few hundred).
 */
const MAX_PAGES = 4000;
const MAX_CHARS = 32 * 1024 * 1024;

/** A built page of a discussion's comments, as the wire shows it. */
export interface BuiltPage {
  /** `commentList` exactly as JSON.stringify writes it. */
  json: string;
  /** The page's comment ids: the caller's own like marks are looked up for these. */
  ids: number[];
}

/**
 * A discussion's comment pages, built once per comment version in each process (as the training
 * rank pages are; lib/kept-pages.ts): a request reads the discussion row anyway (its access
 * checks), and with it the version, so a busy discussion costs one primary-key read per page
 * instead of the page's queries. Pages are keyed per discussion, page number and size.
 */
export class CommentPages {
  private readonly kept: KeptPages<BuiltPage>;
  constructor(max = { pages: MAX_PAGES, chars: MAX_CHARS }) {
    this.kept = new KeptPages({ maxPages: max.pages, maxSize: max.chars, ttlMs: PROFILE_TTL_MS, sizeOf: (p) => p.json.length });
  }

  page(did: number, ver: number, currentPage: number, limit: number, build: () => Promise<BuiltPage>): Promise<BuiltPage> {
    return this.kept.page(`${did}:${currentPage}:${limit}`, ver, build);
  }
}

const perDb = new WeakMap<Db, CommentPages>();

/** This process's pages for one database (a second app on the same database is another process). */
export function commentPagesOf(db: Db): CommentPages {
  let p = perDb.get(db);
  if (!p) perDb.set(db, (p = new CommentPages()));
  return p;
}

/** The `comments` answer around a built list: the envelope as `ok()` and JSON.stringify write it. */
export const commentsEnvelope = (listJson: string, likeMap: Record<number, boolean>) =>
  okJson(`{"commentList":${listJson},"commentLikeMap":${JSON.stringify(likeMap)}}`);

/** Sends a `comments` answer already written as JSON text (commentsEnvelope): its schema is the route's, the text is checked in the suites. */
export const sendCommentsText = (reply: FastifyReply, json: string) => reply.header('Content-Type', 'application/json; charset=utf-8').send(json);
