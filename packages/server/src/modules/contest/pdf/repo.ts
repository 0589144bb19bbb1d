import type { Db } from '../../../db/index.js';

/** The contest's problems as printed: contest order (display ID), with the statement fields. */
export function printSetProblemRows(db: Db, cid: number) {
  return db.selectFrom('contest_problem').innerJoin('problem', 'problem.id', 'contest_problem.pid')
    .select(['contest_problem.display_id', 'contest_problem.display_title', 'problem.problem_id', 'problem.title', 'problem.type',
      'problem.time_limit', 'problem.memory_limit', 'problem.io_score', 'problem.is_file_io', 'problem.io_read_file_name',
      'problem.io_write_file_name', 'problem.description', 'problem.input', 'problem.output', 'problem.hint', 'problem.examples'])
    .where('contest_problem.cid', '=', cid).orderBy('contest_problem.display_id').execute();
}
