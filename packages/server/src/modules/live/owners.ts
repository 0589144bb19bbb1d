import type { Db } from '../../db/index.js';

/** The submitter of a submission, its contest and submit time (undefined: no such submission). */
export function readSubmissionOwner(db: Db, id: number) {
  return db.selectFrom('submission').select(['uid', 'cid', 'submit_time']).where('id', '=', id).executeTakeFirst();
}
