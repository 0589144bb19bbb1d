import '../discussion/tables.js';
import { ROLE_NAMES, Role, type AdminEditUserBody, type AdminUserRow, type Page } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { revokeAllSessions, sessionsChanged } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { hashPassword } from '../account/password.js';
import { orNull, type UserRow } from '../account/user-info.js';
import { containsText } from '../../lib/like.js';


const toRow = (u: UserRow): AdminUserRow => ({
  uid: u.id, username: u.username, realname: u.realname, email: u.email, nickname: u.nickname, school: u.school,
  role: u.role, roleName: ROLE_NAMES[u.role] ?? 'default_user', status: u.status, titleName: u.title_name, titleColor: u.title_color,
  gmtCreate: u.gmt_create, lastLoginTime: u.last_login_time, lastLoginIp: u.last_login_ip,
  // HOJ's rows carry the user's roles as a list of Role entities (its client reads roles[0].id).
  roles: [{ id: u.role, role: ROLE_NAMES[u.role] ?? 'default_user', status: 0 }],
});

export async function listUsers(ctx: AppContext, q: { currentPage: number; limit: number; keyword?: string; onlyAdmin: boolean }): Promise<Page<AdminUserRow>> {
  let base = ctx.db.selectFrom('user');
  const kw = q.keyword?.trim();
  if (kw) {
    base = base.where((eb) => eb.or((['username', 'realname', 'email', 'nickname'] as const).map((col) =>
      containsText(`user.${col}`, kw))));
  }
  if (q.onlyAdmin) base = base.where('role', 'in', [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN]);
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('gmt_create', 'desc').orderBy('id', 'desc')
    .limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  return { records: rows.map(toRow), total: Number(n), current: q.currentPage, size: q.limit };
}

/** Super admins that can still log in, other than the given ones. */
async function otherActiveRoots(ctx: AppContext, exclude: number[]): Promise<number> {
  const { n } = await ctx.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', Role.ROOT).where('status', '=', 0).where('id', 'not in', exclude).executeTakeFirstOrThrow();
  return Number(n);
}

export async function editUser(ctx: AppContext, me: AuthUser, b: AdminEditUserBody): Promise<AdminUserRow> {
  const user = await ctx.db.selectFrom('user').selectAll().where('id', '=', b.uid).executeTakeFirst();
  if (!user) throw notFound('userNotFound');
  const losesRoot = user.role === Role.ROOT && (b.role !== Role.ROOT || b.status !== 0);
  if (losesRoot && user.id === me.uid) throw badRequest('cannotDemoteSelf');
  if (losesRoot && (await otherActiveRoots(ctx, [user.id])) === 0) throw badRequest('lastRoot');

  const username = b.username.trim();
  if (username !== user.username) {
    if (!/^[^\s\p{C}]+$/u.test(username)) throw badRequest('usernameInvalid');
    const taken = await ctx.db.selectFrom('user').select('id').where('username', '=', username).where('id', '!=', user.id).executeTakeFirst();
    if (taken) throw badRequest('usernameExists');
  }
  const email = b.email === undefined ? user.email : orNull(b.email)?.toLowerCase() ?? null;
  if (email && email !== user.email) {
    const taken = await ctx.db.selectFrom('user').select('id').where('email', '=', email).where('id', '!=', user.id).executeTakeFirst();
    if (taken) throw badRequest('emailExists');
  }
  const patch: Partial<UserRow> = {
    username, email, role: b.role, status: b.status, gmt_modified: now(),
    ...(b.realname !== undefined ? { realname: orNull(b.realname) } : {}),
    ...(b.nickname !== undefined ? { nickname: orNull(b.nickname) } : {}),
    ...(b.titleName !== undefined ? { title_name: orNull(b.titleName) } : {}),
    ...(b.titleColor !== undefined ? { title_color: orNull(b.titleColor) } : {}),
  };
  const newPassword = b.password ? b.password : null;
  if (newPassword) patch.password_hash = await hashPassword(newPassword);
  try {
    await ctx.db.updateTable('user').set(patch).where('id', '=', user.id).execute();
  } catch {
    throw new AppError(400, 'usernameExists'); // a concurrent edit took the name or address
  }
  // A new password or a disabled account ends the user's sessions at once.
  if (newPassword || b.status !== 0) await revokeAllSessions(ctx, user.id);
  else await sessionsChanged(ctx); // a new role or username reaches every process's session cache
  return toRow({ ...user, ...patch } as UserRow);
}

export async function deleteUsers(ctx: AppContext, me: AuthUser, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.includes(me.uid)) throw badRequest('cannotDeleteSelf');
  const roots = await ctx.db.selectFrom('user').select('id').where('id', 'in', unique).where('role', '=', Role.ROOT).execute();
  if (roots.length > 0 && (await otherActiveRoots(ctx, unique)) === 0) throw badRequest('lastRoot');
  return ctx.db.transaction().execute(async (trx) => {
    // Submissions, discussions and the like keep the username they were made under.
    await trx.deleteFrom('user_session').where('uid', 'in', unique).execute();
    await trx.deleteFrom('user_two_factor').where('uid', 'in', unique).execute();
    await trx.deleteFrom('user_recovery_code').where('uid', 'in', unique).execute();
    await trx.deleteFrom('user_sys_notice').where('recipient_uid', 'in', unique).execute();
    await trx.deleteFrom('msg_remind').where('recipient_id', 'in', unique).execute();
    await trx.deleteFrom('user_msg_count').where('uid', 'in', unique).execute();
    await trx.deleteFrom('email_code').where('uid', 'in', unique).execute();
    const r = await trx.deleteFrom('user').where('id', 'in', unique).executeTakeFirst();
    return Number(r.numDeletedRows);
  }).finally(() => sessionsChanged(ctx));
}
