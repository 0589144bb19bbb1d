import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import site from './site/routes.js';

/** A domain's routes, registered under /api. Order matters only for services one module offers another. */
export type Module = (api: FastifyInstance, ctx: AppContext) => Promise<void>;

export const modules: Module[] = [site];
