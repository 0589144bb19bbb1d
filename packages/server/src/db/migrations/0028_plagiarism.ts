import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// The contest plagiarism check (issue 31). plagiarism_job: one row per contest, its latest check,
// claimed by a server with a lease (owner + lease_until) so a job left running by a dead process is
// taken again. plagiarism_pair: the pairs the check kept, with their shared fragments (JSON line
// ranges). plagiarism_decision: admins' decisions on pairs, kept across re-checks.
// contest.rank_excluded: users taken out of the rank for plagiarism, JSON {uid: reason}.
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;
  await addId(db, db.schema.createTable('plagiarism_job'))
    .addColumn('cid', 'integer', (c) => c.notNull().unique())
    .addColumn('scope', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('partial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_by_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('started_at', ms)
    .addColumn('finished_at', ms)
    .addColumn('owner', 'varchar(64)')
    .addColumn('lease_until', ms)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('plagiarism_job_status').on('plagiarism_job').columns(['status', 'lease_until']).execute();

  await addId(db, db.schema.createTable('plagiarism_pair'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('left_submit_id', 'integer', (c) => c.notNull())
    .addColumn('right_submit_id', 'integer', (c) => c.notNull())
    .addColumn('left_uid', 'integer', (c) => c.notNull())
    .addColumn('right_uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(30)', (c) => c.notNull())
    .addColumn('char_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('longest', 'integer', (c) => c.notNull())
    .addColumn('left_covered', 'integer', (c) => c.notNull())
    .addColumn('right_covered', 'integer', (c) => c.notNull())
    .addColumn('fragments', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('plagiarism_pair_key').on('plagiarism_pair').columns(['cid', 'left_submit_id', 'right_submit_id']).unique().execute();
  await db.schema.createIndex('plagiarism_pair_cid_sim').on('plagiarism_pair').columns(['cid', 'similarity']).execute();

  await addId(db, db.schema.createTable('plagiarism_decision'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('left_submit_id', 'integer', (c) => c.notNull())
    .addColumn('right_submit_id', 'integer', (c) => c.notNull())
    .addColumn('left_uid', 'integer', (c) => c.notNull())
    .addColumn('right_uid', 'integer', (c) => c.notNull())
    .addColumn('verdict', 'varchar(10)', (c) => c.notNull())
    .addColumn('exclude', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer', (c) => c.notNull())
    .addColumn('decided_by_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('decided_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plagiarism_decision_key').on('plagiarism_decision').columns(['cid', 'left_submit_id', 'right_submit_id']).unique().execute();

  await db.schema.alterTable('contest').addColumn('rank_excluded', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contest').dropColumn('rank_excluded').execute();
  await db.schema.dropTable('plagiarism_decision').execute();
  await db.schema.dropTable('plagiarism_pair').execute();
  await db.schema.dropTable('plagiarism_job').execute();
}
