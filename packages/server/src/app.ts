import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import { pino } from 'pino';
import { validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { MSG, UPLOAD_LIMITS, formatMsg, pickLocale, type Locale } from '@verdict/shared';
import type { AppConfig } from './config.js';
import type { AppContext, Services } from './context.js';
import { migrateToLatest, openDatabase, type DbHandle } from './db/index.js';
import { AppError, isMsgKey } from './http/errors.js';
import { registerAuth } from './http/auth.js';
import { registerAccess } from './http/access.js';
import { registerTextInputGuard } from './http/text-input.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { hasWebDist, registerWebStatic } from './http/web-static.js';
import { registerApiDocsUi } from './http/api-docs.js';
import { registerResponseCheck, type ResponseDrift } from './http/response-check.js';
import { OneLinePerRequest } from './http/request-log.js';
import { modules } from './modules/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every registered route: checked against HOJ's call table and for a declared answer by the contract tests. */
    routeTable: RouteEntry[];
    /** Answers that did not match their declared schema (only with RESPONSE_CHECK=1, the suites' mode). */
    responseDrift: ResponseDrift[];
  }
}

/** A registered route and the answer schema it declares (`schema.response`), if any. */
export interface RouteEntry { method: string; url: string; response?: Record<number, unknown> }

export interface BuiltApp { app: FastifyInstance; ctx: AppContext; dbHandle: DbHandle }

/** Turns an error message key (or literal text) into the request's language. */
export function translate(locale: Locale, message: string, vars: Record<string, string | number> = {}): string {
  return isMsgKey(message) ? formatMsg(MSG[message], locale, vars) : message;
}

export async function buildApp(config: AppConfig, opts: { logger?: boolean } = {}): Promise<BuiltApp> {
  const dbHandle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(dbHandle.db);

  const app = Fastify({
    // Log lines are written asynchronously: under load the writes of many requests go out in one
    // system call instead of one synchronous write each; pending lines are flushed at exit.
    logger: opts.logger === false ? false : { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false }) },
    logController: new OneLinePerRequest(),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array' } },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers go out as plain JSON: a declared response schema documents and types them, and the
  // suites check them (response-check.ts), but production pays no validation for it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const ctx: AppContext = { config, db: dbHandle.db, dbKind: dbHandle.kind, log: app.log, services: {} as Services };
  app.decorate('ctx', ctx);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const response = r.schema?.response as Record<number, unknown> | undefined;
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: r.url, response });
  });
  const responseDrift: ResponseDrift[] = [];
  app.decorate('responseDrift', responseDrift);
  if (config.responseCheck) registerResponseCheck(app, (d) => responseDrift.push(d));
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req) => {
    req.locale = pickLocale(req.headers['accept-language']);
  });

  // CORS for API clients on other origins; the token travels in headers, never cookies.
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      reply.header('Access-Control-Expose-Headers', 'Authorization, Refresh-Token, Content-Disposition');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Url-Type, Accept-Language, Idempotency-Key');
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    }
    if (req.method === 'OPTIONS') return reply.code(204).send();
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    const locale = req.locale ?? 'zh-CN';
    // A body refused before it was read to its end (too large, a wrong upload) is not drained: the connection closes.
    if (req.raw.complete === false) reply.header('connection', 'close');
    if (err instanceof AppError) {
      return reply.code(err.status).send({ status: err.status, msg: translate(locale, err.message, err.vars), data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const key = String(v.message ?? '');
        const field = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        // A custom issue may carry its message's variables in params (e.g. the file name).
        const vars = (v.params as { params?: Record<string, string | number> } | undefined)?.params;
        return isMsgKey(key) ? translate(locale, key, vars) : `${field || 'request'}: ${key}`;
      });
      return reply.code(400).send({ status: 400, msg: [...new Set(issues)].join('; '), data: null });
    }
    const fe = err as FastifyError;
    const code = fe.statusCode ?? 500;
    if (code === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ status: 413, msg: translate(locale, 'tooLarge'), data: null });
    }
    if (code >= 400 && code < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): a clear message, no stack.
      return reply.code(code).send({ status: code, msg: fe.message || translate(locale, 'badRequest'), data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 500, msg: translate(locale, 'serverError'), data: null });
  });

  registerSecurityHeaders(app);

  const serveWeb = hasWebDist(config.webDist);
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !serveWeb) {
      return reply.code(404).send({ status: 404, msg: translate(req.locale ?? 'zh-CN', 'notFound'), data: null });
    }
    // The SPA owns every other path (its router shows the 404 page); never cached, like index.html.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Verdict API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  // Small defaults for every multipart route; each upload route passes its own file limit (file/upload.ts).
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.defaultFileBytes, files: 1, fields: UPLOAD_LIMITS.fields, fieldSize: UPLOAD_LIMITS.fieldBytes,
      parts: UPLOAD_LIMITS.parts, headerPairs: UPLOAD_LIMITS.headerPairs,
    },
  });

  registerAuth(app, ctx);
  registerTextInputGuard(app);

  await app.register(async (api) => {
    registerAccess(api, ctx);
    // JSON answers of 1 KB and more are compressed per request (brotli/gzip by Accept-Encoding);
    // only here: the web client's files are compressed once at build time (web-static.ts).
    await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
    for (const mod of modules) await mod(api, ctx);
    api.get('/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  }, { prefix: '/api' });

  await registerApiDocsUi(app);
  if (serveWeb) await registerWebStatic(app, config.webDist!);
  const filesDir = path.join(config.dataDir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  // Uploaded and imported files are other people's bytes: never a document of this origin.
  // The CSP sandbox gives a file opened directly an opaque origin with no scripts (an <img> still
  // shows it), nosniff stops guessing a type, and SVG (it can carry scripts) is downloaded, not shown.
  await app.register(fastifyStatic, {
    root: filesDir, prefix: '/public/', decorateReply: !config.webDist, dotfiles: 'deny', index: false,
    setHeaders: (reply, file) => {
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      reply.header('X-Content-Type-Options', 'nosniff');
      if (!/\.(png|jpe?g|gif|bmp|webp)$/i.test(file)) reply.header('Content-Disposition', 'attachment');
    },
  });

  app.addHook('onClose', async () => {
    await dbHandle.close();
  });
  return { app, ctx, dbHandle };
}
