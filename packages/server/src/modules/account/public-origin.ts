import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

/**
 * The base URL put into mailed links. A link built from the Host header of the reset request
 * would let anyone send a victim a real reset code pointing at their own server, so the order is:
 * PUBLIC_URL, else the origin an administrator last logged in through, else the request's host.
 */
const KEY = 'public_origin';

export async function rememberAdminOrigin(ctx: AppContext, req: FastifyRequest) {
  if (ctx.config.publicUrl) return;
  const value = JSON.stringify(`${req.protocol}://${req.host}`);
  await ctx.db.insertInto('site_config').values({ key: KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

export async function publicBaseUrl(ctx: AppContext, req: FastifyRequest): Promise<string> {
  if (ctx.config.publicUrl) return ctx.config.publicUrl.replace(/\/+$/, '');
  const row = await ctx.db.selectFrom('site_config').select('value').where('key', '=', KEY).executeTakeFirst();
  if (row) {
    try { return String(JSON.parse(row.value)).replace(/\/+$/, ''); } catch { /* fall through */ }
  }
  return `${req.protocol}://${req.host}`;
}
