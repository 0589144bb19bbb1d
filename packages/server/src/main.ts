#!/usr/bin/env node
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { runStartup } from './modules/site/startup.js';

// Serves the built web client from packages/web/dist unless WEB_DIST says otherwise.
const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, {});
config.webDist ??= path.resolve(here, '../../web/dist');

if (config.webConcurrency > 1 && cluster.isPrimary) {
  // Several server processes on one port, the local judge worker once (cluster.ts).
  await runPrimary(config);
} else {
  const { app, ctx, dbHandle } = await buildApp(config);
  // Default site config, the first super admin (its generated password printed once) and demo
  // seeders; in a cluster only its first process does this.
  if (!config.cluster || config.cluster.first) await runStartup(ctx);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await dbHandle.warm();
  await app.listen({ port: config.port, host: config.host });
}
