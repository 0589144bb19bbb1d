import type { Db } from '../../db/index.js';

/**
 * Authors' names, avatars and titles show after at most this long; everything else a comment page
 * shows moves its discussion's comment version (discussion.comment_ver, migration 0021) and shows
 * at the next request on every process: comments and replies added or deleted, comment likes.
 */
export const PROFILE_TTL_MS = 60_000;
/** Built pages kept per process, all discussions together (a page of 10 comments is a few KB). */
const MAX_PAGES = 4000;

/** A built page of a discussion's comments, as the wire shows it. */
export interface BuiltPage {
  /** `commentList` exactly as JSON.stringify writes it. */
  json: string;
  /** The page's comment ids: the caller's own like marks are looked up for these. */
  ids: number[];
}

interface Kept { ver: number; at: number; page: Promise<BuiltPage> }

/**
 * A discussion's comment pages, built once per comment version in each process (as the training
 * rank pages are): a request reads the discussion row anyway (its access checks), and with it the
 * version; a page built at that version or later is served as it is, so a busy discussion costs one
 * primary-key read per page instead of the page's queries. A page built meanwhile may show a
 * change newer than the version it is kept under; the next request then sees the version moved
 * and builds it again. Pages are keyed per discussion, page number and size.
 */
export class CommentPages {
  private readonly pages = new Map<string, Kept>();

  page(did: number, ver: number, currentPage: number, limit: number, build: () => Promise<BuiltPage>): Promise<BuiltPage> {
    const key = `${did}:${currentPage}:${limit}`;
    const kept = this.pages.get(key);
    // A version behind what this process already holds is served the newer page (versions only grow).
    if (kept && kept.ver >= ver && Date.now() - kept.at < PROFILE_TTL_MS) return kept.page;
    const page = build();
    const entry: Kept = { ver, at: Date.now(), page };
    this.pages.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, entry);
    page.catch(() => { if (this.pages.get(key) === entry) this.pages.delete(key); });
    return page;
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
  `{"status":200,"msg":"success","data":{"commentList":${listJson},"commentLikeMap":${JSON.stringify(likeMap)}}}`;
