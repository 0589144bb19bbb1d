import type { Db } from '../../db/index.js';
import { withVirtualMark } from './virtual-repo.js';

/**
 * The virtual submissions of a contest, in submit order (the virtual rank's cells), read by the
 * runners' ids: the contest cell index (cid, uid, pid) then reads only the runners' rows, where a
 * filter on is_virtual alone walks every submission of the contest (300,000 in the bench).
 */
export const runnerSubmissionsOf = (db: Db, cid: number) => withVirtualMark(db).selectFrom('submission')
  .select(['id', 'uid', 'pid', 'status', 'score', 'time', 'submit_time'])
  .where('cid', '=', cid).where('uid', 'in', db.selectFrom('contest_virtual').select('uid').where('cid', '=', cid))
  .where('is_virtual', '=', 1)
  .where('pid', 'in', db.selectFrom('contest_problem').select('pid').where('cid', '=', cid))
  .orderBy('submit_time').orderBy('id').execute();
