import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/**
 * The OpenAPI document (/api/docs, from @fastify/swagger) browsable at /api/docs/ui with Swagger UI
 * (@fastify/swagger-ui): its scripts and styles are served from this server, so it works under the
 * site's CSP as it is (no inline script; no validator badge from another host). Registered
 * outside the /api instance, so outside the access table (access.ts): like /api/docs it is public,
 * and it only shows that document.
 */
export async function registerApiDocsUi(app: FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs/ui',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    theme: { title: 'Verdict API' },
  });
}
