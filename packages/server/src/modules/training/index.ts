import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { TrainingSubmissionRules } from '../submission/service.js';
import { badRequest } from '../../http/errors.js';
import { ensureAccess } from './access.js';
import { adminTrainingRoutes } from './admin-routes.js';
import { applyVerdict, problemVisibilityChanged } from './progress.js';
import { getTraining, isTrainingProblem } from './repo.js';
import { trainingRoutes } from './routes.js';
import './tables.js';

export { setTrainingGroupRules, isTrainingAdmin } from './access.js';

/** Trainings of spec 02 and their administration of spec 03. */
export default async function trainingModule(api: FastifyInstance, ctx: AppContext) {
  const rules: TrainingSubmissionRules = {
    async beforeSubmit(user, tid, pid) {
      const t = await getTraining(ctx.db, tid);
      await ensureAccess(ctx.db, user, t);
      if (!(await isTrainingProblem(ctx.db, tid, pid))) throw badRequest('trainingProblemNotInTraining');
    },
  };
  api.addHook('onReady', async () => {
    const submission = (ctx.services as unknown as { submission?: { setTrainingRules?(r: TrainingSubmissionRules): void } }).submission;
    submission?.setTrainingRules?.(rules);
    // Training progress follows verdicts outside contests, as a step of the global rank inside the
    // verdict's own transaction; its totals count public problems only, like the global ranks.
    const globalRank = ctx.services.globalRank;
    const pg = ctx.dbKind === 'postgres';
    if (globalRank) {
      globalRank.onVerdict((trx, e) => applyVerdict(trx, e.uid, e.pid, e.tid, e.judged, pg));
      globalRank.onProblemChanged((pid) => problemVisibilityChanged(ctx.db, pid));
    } else {
      ctx.services.judge?.onVerdictWritten(async (trx, e) => {
        if (e.cid !== 0) return;
        // Which training the submission was made in (one indexed read; 0 for none).
        const s = await trx.selectFrom('submission').select('tid').where('id', '=', e.submitId).executeTakeFirst();
        await applyVerdict(trx, e.uid, e.pid, s?.tid ?? 0, undefined, pg);
      });
    }
  });
  await trainingRoutes(api, ctx);
  await adminTrainingRoutes(api, ctx);
}
