import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeleteUserBody, adminEditUserBody, adminGenerateUserBody, adminInsertBatchUserBody, adminUserListQuery, batchInsertResult, deletedUsers, generateUserResult,
  userRolesPage, userRolesVo, adminResetTwoFactorBody, twoFactorResetVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { AppError } from '../../http/errors.js';
import { requireRoot } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import { deleteUsers, editUser, listUsers } from './users.js';
import { importUsers, rowsOf } from './import.js';
import { downloadBlob, generateUsers } from './generate.js';
import { resetTwoFactor } from './two-factor-reset.js';

/** User administration of the admin area (spec 03 §2.4, §5): super admin only. */
export default async function adminUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/user/get-user-list', { ...root, schema: { querystring: adminUserListQuery, response: answer(userRolesPage) } }, async (req) => ok(await listUsers(ctx, req.query)));

  api.put('/admin/user/edit-user', { ...root, schema: { body: adminEditUserBody, response: answer(userRolesVo) } }, async (req) => ok(await editUser(ctx, requireRoot(req), req.body)));

  api.delete('/admin/user/delete-user', { ...root, schema: { body: adminDeleteUserBody, response: answer(deletedUsers) } }, async (req) =>
    ok({ deleted: await deleteUsers(ctx, requireRoot(req), req.body.ids) }));

  api.post('/admin/user/insert-batch-user', { ...root, bodyLimit: 3 * 1024 * 1024, schema: { body: adminInsertBatchUserBody, response: answer(batchInsertResult) } }, async (req) =>
    ok(await importUsers(ctx, rowsOf(req.body), req.locale)));

  api.post('/admin/user/generate-user', { ...root, schema: { body: adminGenerateUserBody, response: answer(generateUserResult) } }, async (req) =>
    ok(await generateUsers(ctx, requireRoot(req).uid, req.body)));

  // Issue 33: a user's second factor off (recorded in admin_audit); their sessions end.
  api.post('/admin/user/reset-two-factor', { ...root, schema: { body: adminResetTwoFactorBody, response: answer(twoFactorResetVo) } }, async (req) =>
    ok({ hadTwoFactor: await resetTwoFactor(ctx, requireRoot(req), req.body.uid) }));

  // The password list of generated users, as a CSV file Excel opens (BOM for its UTF-8 detection).
  api.get('/file/generate-user-excel', { ...root, schema: { querystring: z.object({ key: z.string().min(1).max(64) }), response: fileAnswer('the generated users\' passwords (CSV)', 'text/csv') } }, async (req, reply) => {
    const me = requireRoot(req);
    const blob = await downloadBlob(ctx, req.query.key);
    if (!blob || blob.uid !== me.uid || blob.expires_at < now()) throw new AppError(404, 'downloadExpired');
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${blob.file_name}"`);
    return reply.send('\uFEFF' + blob.content);
  });
}
