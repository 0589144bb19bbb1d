import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

export default async function siteRoutes(api: FastifyInstance, _ctx: AppContext) {
  api.get('/health', { schema: { hide: true } }, async () => ok({ up: true }));
}
