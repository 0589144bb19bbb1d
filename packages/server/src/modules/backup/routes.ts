import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupNameQuery, backupSettingsBody } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { BackupService } from './service.js';

/** Admin → Backups: super admin only (an archive holds every password hash and the site's secrets). */
export async function backupRoutes(app: FastifyInstance, _ctx: AppContext, service: BackupService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/backup/list', root, async () => ok(await service.overview()));

  api.post('/admin/backup/start', root, async () => ok({ name: service.start().name }));

  api.put('/admin/backup/settings', { ...root, schema: { body: backupSettingsBody } }, async (req) => {
    await service.saveSettings(req.body);
    return ok(await service.overview());
  });

  api.get('/admin/backup/download', { ...root, schema: { querystring: backupNameQuery } }, async (req, reply) => {
    const file = service.file(req.query.name);
    if (!file) throw new AppError(404, 'backupNotFound', { name: req.query.name });
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${req.query.name}"`)
      .header('content-length', fs.statSync(file).size).send(fs.createReadStream(file));
  });
}
