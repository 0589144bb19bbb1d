import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Package solutions (issue 28): the solutions a Polygon or ICPC package carries, with the verdict
// their author tagged them with (main, accepted, wrong-answer, time-limit-exceeded…), kept to be
// judged again from the admin problem page. The last check's outcome is kept on the row: a queued
// check has `status` 5 (Pending) and `task_id` of its judge task, a finished one its verdict.
export async function up(db: Kysely<any>): Promise<void> {
  await addId(db, db.schema.createTable('problem_solution'))
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('language', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('score', 'integer')
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('message', 'text')
    .addColumn('checked_at', 'bigint')
    .execute();
  await db.schema.createIndex('idx_problem_solution_pid').on('problem_solution').column('pid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('problem_solution').ifExists().execute();
}
