import type { Db } from '../../db/index.js';

/** A print request as sent by a participant (realname read from the account now). */
export async function insertContestPrint(db: Db, p: { cid: number; uid: number; username: string; content: string }, t: number) {
  const u = await db.selectFrom('user').select('realname').where('id', '=', p.uid).executeTakeFirst();
  await db.insertInto('contest_print').values({
    cid: p.cid, uid: p.uid, username: p.username, realname: u?.realname ?? null, content: p.content, status: 0, gmt_create: t,
  }).execute();
}

/** The contest's print requests, waiting ones first, oldest first: one page and the total. */
export async function readPrintPage(db: Db, cid: number, currentPage: number, limit: number) {
  const base = db.selectFrom('contest_print').where('cid', '=', cid);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['id', 'username', 'realname', 'status', 'gmt_create'])
    .orderBy('status', 'asc').orderBy('id', 'asc').limit(limit).offset((currentPage - 1) * limit).execute();
  return { rows, total: Number(n) };
}

/** Marks a print request of the contest printed; false when the contest has no such request. */
export async function markContestPrinted(db: Db, cid: number, id: number): Promise<boolean> {
  const res = await db.updateTable('contest_print').set({ status: 1 }).where('id', '=', id).where('cid', '=', cid).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function findContestPrint(db: Db, id: number) {
  return db.selectFrom('contest_print').selectAll().where('id', '=', id).executeTakeFirst();
}
