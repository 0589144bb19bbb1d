import crypto from 'node:crypto';
import { Role } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';
import { sessionsChanged } from '../../http/auth.js';
import { hashPassword } from '../account/password.js';
import { seedSiteConfig } from './config.js';

/**
 * Start-up work after migrations: default site config, the first super admin, then the seeders
 * other modules registered (demo problems, ...). Every step is idempotent, so it runs on each
 * start. A module adds a seeder with `addSeeder(ctx, { name, run })` while it registers.
 */
export interface Seeder { name: string; run: (ctx: AppContext, admin: { uid: number; username: string }) => Promise<void> }

declare module '../../context.js' {
  interface Services { seeders?: Seeder[] }
}

export function addSeeder(ctx: AppContext, seeder: Seeder) {
  (ctx.services.seeders ??= []).push(seeder);
}

export interface EnsuredAdmin { uid: number; username: string; created: boolean; generatedPassword?: string }

/** Makes sure a super admin exists: ADMIN_USERNAME / ADMIN_PASSWORD, or a generated password. */
export async function ensureAdmin(ctx: AppContext): Promise<EnsuredAdmin> {
  const root = await ctx.db.selectFrom('user').select(['id', 'username']).where('role', '=', Role.ROOT).orderBy('id').limit(1).executeTakeFirst();
  if (root) return { uid: root.id, username: root.username, created: false };
  const username = ctx.config.adminUsername;
  const existing = await ctx.db.selectFrom('user').select(['id']).where('username', '=', username).executeTakeFirst();
  const t = now();
  if (existing) {
    // An account of that name exists but no super admin does: promote it, and set the password if one was given.
    const patch = ctx.config.adminPassword ? { password_hash: await hashPassword(ctx.config.adminPassword) } : {};
    await ctx.db.updateTable('user').set({ ...patch, role: Role.ROOT, status: 0, gmt_modified: t }).where('id', '=', existing.id).execute();
    await sessionsChanged(ctx);
    return { uid: existing.id, username, created: false };
  }
  const generated = ctx.config.adminPassword ? undefined : crypto.randomBytes(9).toString('base64url');
  const password = ctx.config.adminPassword ?? generated!;
  const row = await ctx.db.insertInto('user').values({
    username, password_hash: await hashPassword(password), email: null, nickname: null, realname: null, school: null, course: null,
    number: null, gender: 'secrecy', avatar: null, signature: null, github: null, blog: null, cf_username: null,
    title_name: null, title_color: null, role: Role.ROOT, status: 0, last_login_time: null, last_login_ip: null, gmt_create: t, gmt_modified: t,
  }).returning('id').executeTakeFirstOrThrow();
  return { uid: row.id, username, created: true, generatedPassword: generated };
}

/** The one-time notice of a generated admin password, framed so it stands out in the log. */
export function passwordBox(username: string, password: string): string {
  const lines = ['Verdict: the super admin account was created.', `  username: ${username}`, `  password: ${password}`,
    'It is shown only this once. Change it after logging in,', 'or set ADMIN_PASSWORD before the first start.'];
  const w = Math.max(...lines.map((l) => l.length));
  const bar = '+' + '-'.repeat(w + 2) + '+';
  return [bar, ...lines.map((l) => `| ${l.padEnd(w)} |`), bar].join('\n');
}

/** A first announcement so the home page of a new site is not empty; only when the site is brand new. */
async function seedWelcome(ctx: AppContext, admin: EnsuredAdmin) {
  if (!admin.created) return;
  const any = await ctx.db.selectFrom('announcement').select('id').where('cid', '=', 0).where('gid', '=', 0).limit(1).executeTakeFirst();
  if (any) return;
  const t = now();
  await ctx.db.insertInto('announcement').values({
    title: '欢迎使用 Verdict · Welcome to Verdict',
    content: [
      '站点已就绪：在管理后台（/admin）可以修改网站名称、公告、邮件设置和开关，导入或批量生成用户。',
      '',
      'The site is ready: in the admin area (/admin) you can change the site name, announcements, mail settings and switches, and import or generate users.',
    ].join('\n'),
    uid: admin.uid, status: 0, cid: 0, gid: 0, gmt_create: t, gmt_modified: t,
  }).execute();
}

export async function runStartup(ctx: AppContext, opts: { print?: (text: string) => void } = {}): Promise<EnsuredAdmin> {
  await seedSiteConfig(ctx);
  const admin = await ensureAdmin(ctx);
  if (admin.generatedPassword) (opts.print ?? ((s) => process.stdout.write(s + '\n')))(passwordBox(admin.username, admin.generatedPassword));
  await seedWelcome(ctx, admin);
  for (const s of ctx.services.seeders ?? []) {
    try {
      await s.run(ctx, admin);
    } catch (err) {
      ctx.log.error({ err, seeder: s.name }, 'seeder failed');
    }
  }
  return admin;
}
