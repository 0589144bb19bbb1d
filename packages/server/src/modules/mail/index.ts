import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createMailService } from './service.js';

/** Offers ctx.services.mail; its admin calls live with the site administration. */
export default async function mailModule(_app: FastifyInstance, ctx: AppContext) {
  ctx.services.mail = createMailService(ctx);
}
