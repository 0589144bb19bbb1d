import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupNameQuery, backupOverview, backupSettingsBody, backupStarted } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { AppError } from '../../http/errors.js';
import type { BackupService } from './service.js';

/** Admin → Backups: super admin only (an archive holds every password hash and the site's secrets). */
export async function backupRoutes(app: FastifyInstance, _ctx: AppContext, service: BackupService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/backup/list', { ...root, schema: { response: answer(backupOverview) } }, async () => ok(await service.overview()));

  api.post('/admin/backup/start', { ...root, schema: { response: answer(backupStarted) } }, async () => ok({ name: service.start().name }));

  api.put('/admin/backup/settings', { ...root, schema: { body: backupSettingsBody, response: answer(backupOverview) } }, async (req) => {
    await service.saveSettings(req.body);
    return ok(await service.overview());
  });

  api.get('/admin/backup/download', { ...root, schema: { querystring: backupNameQuery, response: fileAnswer('a backup archive (zip)', 'application/zip') } }, async (req, reply) => {
    const file = service.file(req.query.name);
    if (!file) throw new AppError(404, 'backupNotFound', { name: req.query.name });
    // The declared answer types a body as text; the archive is streamed through the plain reply.
    const plain: FastifyReply = reply;
    return plain.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${req.query.name}"`)
      .header('content-length', fs.statSync(file).size).send(fs.createReadStream(file));
  });
}
