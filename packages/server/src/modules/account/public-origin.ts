import type { AppContext } from '../../context.js';

/**
 * The base URL put into mailed links (reset links). Only the site's own settings count, never a
 * request header: a link built from the Host header (of the reset request, or of any earlier
 * request) would let anyone mail a victim a real reset code pointing at their own server.
 * Order: PUBLIC_URL, else the site address the super admin sets in the web config, else the
 * server's own listen address (right for a local install; a public site sets one of the two).
 */
export async function publicBaseUrl(ctx: AppContext): Promise<string> {
  if (ctx.config.publicUrl) return trimSlash(ctx.config.publicUrl);
  const { baseUrl } = await ctx.services.siteConfig.get('web');
  if (baseUrl) return trimSlash(baseUrl);
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? 'localhost' : ctx.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${ctx.config.port}`;
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');
