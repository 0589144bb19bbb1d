import type { Locale, MsgType } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { PackedBody } from '../../http/packed-body.js';
import { KeptPages } from '../../lib/kept-pages.js';
import { noticePage, remindPage } from './service.js';

/**
 * Senders' names and avatars, discussion and contest titles and quoted comments show after at
 * most this long; everything else a message page shows (messages added, read, deleted or cleaned,
 * system notices sent, edited or withdrawn) moves the user's message version (user_msg_count.ver,
 * counters.ts) and shows at the next request on every process.
 */
export const MSG_PROFILE_TTL_MS = 60_000;
/** Pages kept per process, all users together: a page of 6 to 8 messages is 1 to 4 KB. */
const MAX_PAGES = 10_000;
const MAX_BYTES = 16 * 1024 * 1024;

type MsgPage = Awaited<ReturnType<typeof remindPage>> | Awaited<ReturnType<typeof noticePage>>;

const perDb = new WeakMap<Db, KeptPages<PackedBody<MsgPage>>>();
const versionOf = compiledOnce(['uid'], (db, v) => db.selectFrom('user_msg_count').select('ver').where('uid', '=', v.uid));

/**
 * One page of a message-centre tab as sent, kept per process under the user's message version
 * (lib/kept-pages.ts): a user going back and forth between tabs and pages costs a primary-key read
 * per page instead of the page's query. The first read of a tab with unread messages marks them
 * read, which moves the version: the next read builds the page again, with them read.
 */
export async function messagePage(db: Db, uid: number, type: MsgType, currentPage: number, limit: number, locale: Locale): Promise<PackedBody<MsgPage>> {
  let pages = perDb.get(db);
  if (!pages) perDb.set(db, (pages = new KeptPages({ maxPages: MAX_PAGES, maxSize: MAX_BYTES, ttlMs: MSG_PROFILE_TTL_MS, sizeOf: (p) => p.json.length })));
  const [row] = await versionOf(db, { uid });
  // Notices the server wrote are in the reader's language: a notice page is kept per language.
  const notices = type === 'Sys' || type === 'Mine';
  return pages.page(`${uid}:${type}:${currentPage}:${limit}${notices ? `:${locale}` : ''}`, Number(row?.ver ?? 0), async () => PackedBody.ok<MsgPage>(
    notices ? await noticePage(db, uid, type, currentPage, limit, locale) : await remindPage(db, uid, type, currentPage, limit),
  ));
}
