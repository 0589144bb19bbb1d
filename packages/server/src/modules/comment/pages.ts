import type { Db } from '../../db/index.js';

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

interface Kept { ver: number; at: number; page: Promise<BuiltPage>; chars: number }

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
  private chars = 0;
  constructor(private readonly max = { pages: MAX_PAGES, chars: MAX_CHARS }) {}

  page(did: number, ver: number, currentPage: number, limit: number, build: () => Promise<BuiltPage>): Promise<BuiltPage> {
    const key = `${did}:${currentPage}:${limit}`;
    const kept = this.pages.get(key);
    // A version behind what this process already holds is served the newer page (versions only grow).
    if (kept && kept.ver >= ver && Date.now() - kept.at < PROFILE_TTL_MS) return kept.page;
    const page = build();
    const entry: Kept = { ver, at: Date.now(), page, chars: 0 };
    this.drop(key);
    this.pages.set(key, entry);
    page.then((built) => {
      if (this.pages.get(key) !== entry) return;
      entry.chars = built.json.length;
      this.chars += entry.chars;
      // The page built longest ago goes first (the newest stays, however long).
      while (this.pages.size > this.max.pages || (this.chars > this.max.chars && this.pages.size > 1)) this.drop(this.pages.keys().next().value!);
    }, () => this.drop(key, entry));
    return page;
  }

  private drop(key: string, only?: Kept) {
    const e = this.pages.get(key);
    if (!e || (only && e !== only)) return;
    this.chars -= e.chars;
    this.pages.delete(key);
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
