import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db, DbKind } from './db/index.js';

/**
 * Services modules offer one another (mail, judge queue, ...). Each module adds its own
 * entry by declaration merging: `declare module '../../context.js' { interface Services { mail: Mailer } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

/** What every module gets: configuration, database and shared services. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dbKind: DbKind;
  log: FastifyBaseLogger;
  services: Services;
}
