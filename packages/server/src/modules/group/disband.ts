import type { AppContext } from '../../context.js';
import { removeStoredFile } from '../account/images.js';
import { purgeDiscussions } from '../discussion/service.js';
import { contestsChanged } from '../contest/repo.js';
import { invalidateProblemList } from '../problem/list-cache.js';
import { removeProblemTestData } from '../testcase/testdata.js';
import type { GroupRow } from './tables.js';

/**
 * Disbanding removes the group with everything it holds (HOJ's foreign keys cascade the same
 * way): members, announcements, discussions, trainings, contests and problems, in one
 * transaction; test data and the avatar go from disk once it committed. Submissions stay in
 * their authors' histories.
 */
export async function disbandGroup(ctx: AppContext, g: GroupRow) {
  const gid = g.id;
  const pids = (await ctx.db.selectFrom('problem').select('id').where('gid', '=', gid).execute()).map((r) => r.id);
  const cids = (await ctx.db.selectFrom('contest').select('id').where('gid', '=', gid).execute()).map((r) => r.id);
  await ctx.db.transaction().execute(async (trx) => {
    const dids = await trx.selectFrom('discussion').select('id').where('gid', '=', gid).execute();
    await purgeDiscussions(trx, dids.map((d) => d.id));
    const tids = trx.selectFrom('training').select('id').where('gid', '=', gid);
    for (const t of ['training_rank_cell', 'training_participant', 'training_register', 'training_problem'] as const) {
      await trx.deleteFrom(t).where('tid', 'in', tids).execute();
    }
    await trx.deleteFrom('training').where('gid', '=', gid).execute();
    if (cids.length) {
      for (const t of ['contest_problem', 'contest_register', 'contest_rank_cell', 'contest_ac_info', 'contest_print', 'announcement'] as const) {
        await trx.deleteFrom(t).where('cid', 'in', cids).execute();
      }
      await trx.deleteFrom('contest').where('id', 'in', cids).execute();
    }
    await trx.deleteFrom('announcement').where('gid', '=', gid).execute();
    if (pids.length) {
      // Group problems may still sit in a public contest or training only if an admin put them there by id: those rows go too.
      await trx.deleteFrom('contest_problem').where('pid', 'in', pids).execute();
      await trx.deleteFrom('training_problem').where('pid', 'in', pids).execute();
      for (const t of ['problem_tag', 'problem_language', 'code_template', 'problem_case', 'problem_solution'] as const) {
        await trx.deleteFrom(t).where('pid', 'in', pids).execute();
      }
      await trx.deleteFrom('problem').where('id', 'in', pids).execute();
    }
    // The group's own tags, unless a problem it made public still wears them.
    await trx.deleteFrom('tag').where('gid', '=', gid).where('id', 'not in', trx.selectFrom('problem_tag').select('problem_tag.tid')).execute();
    await trx.deleteFrom('group_member').where('gid', '=', gid).execute();
    await trx.deleteFrom('group_info').where('id', '=', gid).execute();
  });
  if (cids.length || pids.length) await contestsChanged(ctx);
  for (const cid of cids) ctx.services.contestRank?.models.drop(cid);
  for (const pid of pids) removeProblemTestData(ctx, pid);
  if (pids.length) invalidateProblemList();
  await removeStoredFile(ctx, g.avatar, 'avatar');
}
