import type { Db } from '../../db/index.js';

/** The contest's first solves (balloons), unchecked first, oldest first: one page and the total. */
export async function readAcInfoPage(db: Db, cid: number, currentPage: number, limit: number) {
  const base = db.selectFrom('contest_ac_info').where('contest_ac_info.cid', '=', cid);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('user', 'user.id', 'contest_ac_info.uid')
    .leftJoin('contest_problem', (j) => j.onRef('contest_problem.cid', '=', 'contest_ac_info.cid').onRef('contest_problem.pid', '=', 'contest_ac_info.pid'))
    .select(['contest_ac_info.id', 'contest_ac_info.cid', 'contest_ac_info.pid', 'contest_ac_info.submit_id', 'contest_ac_info.submit_time',
      'contest_ac_info.first_blood', 'contest_ac_info.checked', 'user.username', 'user.realname', 'contest_problem.display_id', 'contest_problem.color'])
    // Unchecked balloons first, oldest first: the order they should be delivered in.
    .orderBy('contest_ac_info.checked', 'asc').orderBy('contest_ac_info.submit_time', 'asc').orderBy('contest_ac_info.id', 'asc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  return { rows, total: Number(n) };
}

/** Sets a balloon's checked mark; false when the contest has no such row. */
export async function setContestAcInfoChecked(db: Db, cid: number, id: number, checked: boolean): Promise<boolean> {
  const res = await db.updateTable('contest_ac_info').set({ checked: checked ? 1 : 0 }).where('id', '=', id).where('cid', '=', cid).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
