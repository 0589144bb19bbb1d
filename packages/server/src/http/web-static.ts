import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite's content-hashed output: a changed file gets a new name, so a copy never goes stale. */
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.br|\.gz)?$/;

/**
 * Whether the built web client exists in `webDist` (otherwise only the API is served).
 */
export function hasWebDist(webDist: string | undefined): webDist is string {
  return !!webDist && fs.existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the built web client. The build writes `.br` and `.gz` beside each file (vite.config's
 * precompress step) and they are sent as they are by Accept-Encoding, never compressed per request.
 * Hashed assets are cached for a year (`immutable`: not even revalidated on reload); everything
 * else (index.html, the SPA fallback, favicon) is `no-cache`: revalidated on each visit, so a new
 * release is picked up at once. Also decorates `reply.sendFile` for the SPA fallback.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: path.resolve(webDist),
    wildcard: false,
    preCompressed: true,
    // The compressed copies are chosen by preCompressed, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header('Cache-Control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
