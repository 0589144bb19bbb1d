import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionListVo, signOutSessionBody, signedOutVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { requireUser } from '../../http/auth.js';
import { listSessions, signOutOthers, signOutSession } from './sessions.js';

/** The caller's own live sessions (issue 33): list, sign out one, sign out all others. */
export default async function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const own = { config: { access: 'login', rule: 'owner' } } as const;

  api.get('/get-sessions', { ...own, schema: { response: answer(sessionListVo) } }, async (req) => {
    const me = requireUser(req);
    return ok(await listSessions(ctx, me.uid, me.sessionId));
  });

  api.post('/sign-out-session', { ...own, schema: { body: signOutSessionBody, response: answer(signedOutVo) } }, async (req) => {
    const me = requireUser(req);
    return ok({ signedOut: await signOutSession(ctx, me.uid, me.sessionId, req.body.id) });
  });

  api.post('/sign-out-other-sessions', { ...own, schema: { response: answer(signedOutVo) } }, async (req) => {
    const me = requireUser(req);
    return ok({ signedOut: await signOutOthers(ctx, me.uid, me.sessionId) });
  });
}
