import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';

/** Rows of the `file` table: uploaded statement and post files (the bytes live under DATA_DIR/files). */

export interface NewFile { uid: number; name: string; storageKey: string; mime: string; size: number; kind: string; gid: number }

/** Records a stored file; answers its id. */
export async function insertFile(ctx: AppContext, f: NewFile): Promise<number> {
  const row = await ctx.db.insertInto('file').values({
    uid: f.uid, name: f.name, storage_key: f.storageKey, mime: f.mime, size: f.size, kind: f.kind, gid: f.gid, gmt_create: now(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A file row of one kind by id. */
export async function findFile(ctx: AppContext, id: number, kind: string) {
  return ctx.db.selectFrom('file').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
}

export async function deleteFileRow(ctx: AppContext, id: number) {
  await ctx.db.deleteFrom('file').where('id', '=', id).execute();
}
