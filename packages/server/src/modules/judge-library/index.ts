import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { judgeLibraryRoutes } from './routes.js';
import { JudgeLibraryService } from './service.js';

declare module '../../context.js' {
  interface Services {
    /** Headers every checker / interactor compile sees (the judge module's task builder, the importers). */
    judgeLibrary: JudgeLibraryService;
  }
}

/** The site-wide judge library (issue 28): testlib.h and friends, uploaded once. */
export default async function judgeLibraryModule(app: FastifyInstance, ctx: AppContext) {
  const service = new JudgeLibraryService(ctx);
  ctx.services.judgeLibrary = service;
  await judgeLibraryRoutes(app, ctx, service);
}
