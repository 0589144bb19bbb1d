import type { Kysely } from 'kysely';

// The judge library's bytes move into the database (issue 28, scaled setup): with several servers
// on one database, a header kept under one server's DATA_DIR/judge-library was missing on the
// others, and their checker compiles went without testlib.h. judge_library.content holds the
// header's text (UTF-8 exactly as uploaded, checked against sha256 when a server reads it). Rows
// from before this migration have no content yet: the first server that still has the file on its
// disk stores it (JudgeLibraryService.snapshot); a row no server can fill is reported by name.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('judge_library').addColumn('content', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('judge_library').dropColumn('content').execute();
}
