import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JUDGE_PROTOCOL_VERSION, JudgeStatus, judgeClaimAnswer, judgeClaimBody, judgeHeartbeatAnswer, judgeHeartbeatBody, judgeProgressAnswer,
  judgeProgressBody, judgeRegisterAnswer, judgeRegisterBody, judgeResultAnswer, judgeResultBody, testDataManifest,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { AppError, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import type { JudgeService } from './service.js';
import { problemCaseVersion, saveWorker, touchWorker, workerHeartbeat } from './servers.js';

const pidParam = z.object({ pid: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const versionQuery = z.object({ version: z.string().max(64).optional() });

/** Marks the worker live without a write on every poll. */
function makeToucher(ctx: AppContext) {
  const touched = new Map<string, number>();
  return async (workerName: string) => {
    const t = now();
    if (t - (touched.get(workerName) ?? 0) < 5000) return;
    touched.set(workerName, t);
    await touchWorker(ctx.db, workerName, t);
  };
}

/** The worker side of judging: /api/judge/* with the judge token (packages/shared/src/judge-protocol.ts). */
export async function judgeProtocolRoutes(parent: FastifyInstance, ctx: AppContext, judge: JudgeService) {
  await parent.register(async (raw) => {
    const api = raw.withTypeProvider<ZodTypeProvider>();
    // The judge token is checked by the 'judge' access guard (src/http/access.ts).
    const touch = makeToucher(ctx);

    api.post('/register', { config: { access: 'judge' }, schema: { body: judgeRegisterBody, response: answer(judgeRegisterAnswer), hide: true } }, async (req) => {
      const b = req.body;
      // A worker of another protocol would misread tasks: refuse it with a clear reason.
      if (b.protocol !== JUDGE_PROTOCOL_VERSION) throw new AppError(400, 'judgeProtocolMismatch', { got: b.protocol, want: JUDGE_PROTOCOL_VERSION });
      const t = now();
      const values = {
        version: b.version, cpu_cores: b.cpuCores, slots: b.slots, isolation: b.isolation,
        languages: JSON.stringify(b.languages.map((l) => ({ name: l.name, available: l.available, version: l.version ?? null }))),
        is_local: b.local ? 1 : 0, last_heartbeat: t, load: 0, running: 0,
      };
      await saveWorker(ctx.db, b.name, values, t);
      // A worker restarted under the same name (killed mid-judging): its old leases are put back
      // now instead of after they expire. Its re-registration while running sends no `fresh`.
      const released = b.fresh ? await judge.queue.releaseOwner(b.name) : 0;
      judge.invalidateLive();
      ctx.log.info({ worker: b.name, slots: b.slots, isolation: b.isolation, released }, 'judge worker registered');
      return ok({ name: b.name });
    });

    api.post('/heartbeat', { config: { access: 'judge' }, schema: { body: judgeHeartbeatBody, response: answer(judgeHeartbeatAnswer), hide: true } }, async (req) => {
      // registered=false tells a worker the server forgot it (new database): register again.
      return ok({ registered: await workerHeartbeat(ctx.db, req.body.name, req.body.load, req.body.running) });
    });

    api.post('/claim', { config: { access: 'judge' }, schema: { body: judgeClaimBody, response: answer(judgeClaimAnswer), hide: true } }, async (req, reply) => {
      await touch(req.body.name);
      if (req.body.freeSlots === 0) return ok({ task: null });
      // The worker hung up (killed, timed out): never lease a task to a closed connection. (The
      // request stream itself ends once its body is read, so watch the response and socket.)
      let hungUp = false;
      reply.raw.once('close', () => { if (!reply.raw.writableFinished) hungUp = true; });
      const gone = () => hungUp || req.raw.socket?.destroyed === true;
      const task = await judge.claimTask(req.body.name, req.body.waitMs, gone);
      return ok({ task });
    });

    api.post('/progress', { config: { access: 'judge' }, schema: { body: judgeProgressBody, response: answer(judgeProgressAnswer), hide: true } }, async (req) => {
      const status = req.body.status === JudgeStatus.COMPILING ? 6 : 7;
      return ok({ ok: await judge.progress({ ...req.body, status }) });
    });

    api.post('/result', { config: { access: 'judge' }, schema: { body: judgeResultBody, response: answer(judgeResultAnswer), hide: true } }, async (req) => {
      const applied = await judge.applyResult(req.body as any);
      return ok({ applied });
    });

    api.get('/testdata/:pid', { config: { access: 'judge' }, schema: { params: pidParam, querystring: versionQuery, response: answer(testDataManifest), hide: true } }, async (req) => {
      const p = await problemCaseVersion(ctx.db, req.params.pid);
      if (!p) throw notFound('problemNotFound');
      if (req.query.version !== undefined && req.query.version !== p.case_version) throw new AppError(409, 'testDataChanged');
      return ok(await judge.testData.manifest(p.id, p.case_version));
    });

    // Sent as stored, never compressed on the fly: @fastify/compress peeks at a stream's first
    // bytes and passes "already deflated" ones through, yet labels them gzip, and a file starting
    // with "80" (0x38 0x30) looks like a zlib header. Test data also goes to workers on the LAN.
    api.get('/testdata/:pid/file/:name', { compress: false, config: { access: 'judge' },
      schema: { params: pidParam.extend({ name: z.string().min(1).max(255) }), querystring: versionQuery, response: fileAnswer('a test-data file, as stored'), hide: true },
    }, async (req, reply) => {
      const p = await problemCaseVersion(ctx.db, req.params.pid);
      if (!p) throw notFound('problemNotFound');
      if (req.query.version !== undefined && req.query.version !== p.case_version) throw new AppError(409, 'testDataChanged');
      const file = judge.testData.filePath(p.id, req.params.name);
      if (!file) throw notFound();
      const stat = await fs.promises.stat(file);
      // The declared answer types a body as text; the file is streamed through the plain reply.
      const plain: FastifyReply = reply;
      plain.header('content-type', 'application/octet-stream').header('content-length', stat.size);
      return plain.send(fs.createReadStream(file));
    });
  }, { prefix: '/judge' });
}
