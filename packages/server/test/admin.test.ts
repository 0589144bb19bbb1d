import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { mailPort, startMailPeer, type MailPeer } from './mail-peer.js';
import { addUser, en, login } from './account-fixtures.js';

let t: TestApp;
let peer: MailPeer;
let rootTk: string;
let rootUid: number;

beforeAll(async () => {
  peer = await startMailPeer(mailPort(20));
  t = await createTestApp();
  rootUid = await addUser(t, 'root', 'rootpass', { role: 1000 });
  rootTk = await login(t, 'root', 'rootpass', '/api/admin/login');
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const as = (token: string, extra: Record<string, string> = {}) => ({ authorization: token, ...extra });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? { authorization: token } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('admin login and guards', () => {
  it('lets only admin roles into the admin area and keeps root-only screens for root', async () => {
    await addUser(t, 'plain', 'plainpass');
    await addUser(t, 'adm', 'admpass1', { role: 1001 });
    await addUser(t, 'padm', 'padmpass', { role: 1008 });
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: en, payload: { username: 'plain', password: 'plainpass' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('This account cannot enter the admin area');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: en, payload: { username: 'adm', password: 'nottheone' } });
    expect(wrong.statusCode).toBe(400);

    const adm = await login(t, 'adm', 'admpass1', '/api/admin/login');
    const padm = await login(t, 'padm', 'padmpass', '/api/admin/login');
    const plain = await login(t, 'plain', 'plainpass');

    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', plain)).statusCode).toBe(403);
    const padmView = await call('GET', '/api/admin/dashboard/get-dashboard-info', padm);
    expect(padmView.statusCode).toBe(200);
    expect(padmView.json().data.recentLogins.every((l: { lastLoginIp: string | null }) => l.lastLoginIp === null)).toBe(true);
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', rootTk)).json().data.recentLogins[0].lastLoginIp).toBeTruthy();
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', adm)).statusCode).toBe(200);

    for (const url of ['/api/admin/user/get-user-list', '/api/admin/announcement', '/api/admin/msg/notice', '/api/admin/config/get-email-config',
      '/api/admin/config/get-web-config', '/api/admin/switch/info', '/api/admin/config/get-service-info', '/api/admin/config/get-judge-service-info']) {
      const r = await call('GET', url, adm, undefined, en);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().msg).toBe('Only the super administrator can do this');
      expect((await call('GET', url, rootTk)).statusCode, url).toBe(200);
    }
    // Guards come before payload checks: an anonymous bad payload is a 401, not a 400.
    expect((await call('PUT', '/api/admin/user/edit-user', null, { nonsense: true })).statusCode).toBe(401);

    const out = await call('GET', '/api/admin/logout', adm);
    expect(out.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', adm)).statusCode).toBe(401);
  });
});

describe('dashboard', () => {
  it('counts users and submissions, lists recent logins, sessions and judge servers', async () => {
    const now = Date.now();
    await t.ctx.db.insertInto('judge_server').values([
      { name: 'judge-a', version: '1', cpu_cores: 2, slots: 2, languages: '["C","C++"]', isolation: 'bwrap+cgroup2', load: 0.5, running: 1, is_local: 1, last_heartbeat: now, gmt_create: now },
      { name: 'judge-b', version: '1', cpu_cores: 4, slots: 4, languages: 'not json', isolation: 'bwrap', load: 0, running: 0, is_local: 0, last_heartbeat: now - 3600_000, gmt_create: now },
    ]).execute();
    const d = (await call('GET', '/api/admin/dashboard/get-dashboard-info', rootTk)).json().data;
    const users = await t.ctx.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(d.userCount).toBe(Number(users.n));
    expect(d.todayRegisterCount).toBe(Number(users.n));
    expect(d.submissionCount).toBe(0);
    expect(d.contestCount).toBe(0);
    expect(d.recentLogins[0].username).toBeTruthy();
    expect(d.judgeServers).toEqual({ total: 2, online: 1 });
    expect(d.mail).toEqual({ configured: false, source: 'none' });

    const judges = (await call('GET', '/api/admin/config/get-judge-service-info', rootTk)).json().data;
    expect(judges.map((j: { name: string; online: boolean; languages: string[] }) => [j.name, j.online, j.languages])).toEqual([['judge-a', true, ['C', 'C++']], ['judge-b', false, []]]);

    const sessions = (await call('POST', '/api/admin/dashboard/get-sessions', rootTk)).json().data;
    expect(sessions.sessions.some((s: { current: boolean; isAdminLogin: boolean }) => s.current && s.isAdminLogin)).toBe(true);

    const info = (await call('GET', '/api/admin/config/get-service-info', rootTk)).json().data;
    expect(info.dbKind).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    expect(info.cpuCores).toBeGreaterThan(0);
    const db = (await call('GET', '/api/admin/config/get-db-and-redis-config', rootTk)).json().data;
    expect(db.dbLocation).not.toMatch(/:[^/@]*@/); // no password shown
  });
});

describe('user administration', () => {
  it('lists and searches users, matching % and _ literally', async () => {
    await addUser(t, 'search_me', 'pass123');
    await addUser(t, 'searchXme', 'pass123');
    await addUser(t, '100%sure', 'pass123');
    const r = (await call('GET', '/api/admin/user/get-user-list?keyword=search_me&limit=50', rootTk)).json().data;
    expect(r.records.map((u: { username: string }) => u.username)).toEqual(['search_me']);
    const pct = (await call('GET', `/api/admin/user/get-user-list?keyword=${encodeURIComponent('0%s')}`, rootTk)).json().data;
    expect(pct.records.map((u: { username: string }) => u.username)).toEqual(['100%sure']);
    const admins = (await call('GET', '/api/admin/user/get-user-list?onlyAdmin=true&limit=50', rootTk)).json().data;
    expect(admins.records.every((u: { role: number }) => [1000, 1001, 1008].includes(u.role))).toBe(true);
    const paged = (await call('GET', '/api/admin/user/get-user-list?currentPage=2&limit=2', rootTk)).json().data;
    expect(paged.records).toHaveLength(2);
    expect(paged.current).toBe(2);
    expect((await call('GET', '/api/admin/user/get-user-list?currentPage=0', rootTk)).statusCode).toBe(400);
  });

  it('edits roles, status, password and fields; refuses taken names and unknown roles', async () => {
    const uid = await addUser(t, 'editee', 'pass123');
    const tk = await login(t, 'editee', 'pass123');
    const body = { uid, username: 'editee2', realname: `<b>R'</b>`, email: 'editee2@example.com', password: 'brandnew1', role: 1005, status: 0, titleName: 'Gold', titleColor: '#ffd700' };
    const r = await call('PUT', '/api/admin/user/edit-user', rootTk, body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ username: 'editee2', realname: `<b>R'</b>`, role: 1005, roleName: 'mute_comment', titleName: 'Gold' });
    // The new password ends the user's sessions; the new one works.
    expect((await call('GET', '/api/get-user-auth-info', tk)).statusCode).toBe(401);
    const tk2 = await login(t, 'editee2', 'brandnew1');
    expect((await call('GET', '/api/get-user-auth-info', tk2)).json().data.roles).toEqual(['mute_comment']);

    expect((await call('PUT', '/api/admin/user/edit-user', rootTk, { ...body, username: 'root' }, en)).json().msg).toBe('The username already exists');
    const badRole = await call('PUT', '/api/admin/user/edit-user', rootTk, { ...body, role: 999 }, en);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().msg).toBe('The role does not exist');
    expect((await call('PUT', '/api/admin/user/edit-user', rootTk, { ...body, password: '123' }, en)).json().msg).toBe('The length of the password is 6 to 25');
    expect((await call('PUT', '/api/admin/user/edit-user', rootTk, { ...body, uid: 999999 }, en)).statusCode).toBe(404);

    // Disabling logs the user out at once.
    await call('PUT', '/api/admin/user/edit-user', rootTk, { ...body, password: '', status: 1 });
    expect((await call('GET', '/api/get-user-auth-info', tk2)).statusCode).toBe(401);
  });

  it('keeps at least one super admin and refuses self-demotion and self-deletion', async () => {
    const me = { uid: rootUid, username: 'root', role: 1001, status: 0 };
    const self = await call('PUT', '/api/admin/user/edit-user', rootTk, me, en);
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('You cannot remove your own super administrator role or disable yourself');
    const delSelf = await call('DELETE', '/api/admin/user/delete-user', rootTk, { ids: [rootUid] }, en);
    expect(delSelf.json().msg).toBe('You cannot delete your own account');
    const empty = await call('DELETE', '/api/admin/user/delete-user', rootTk, { ids: [] }, en);
    expect(empty.json().msg).toBe('Selected users cannot be empty');

    // Another super admin may be demoted or deleted: the caller remains one.
    const other = await addUser(t, 'root2', 'rootpass', { role: 1000 });
    expect((await call('PUT', '/api/admin/user/edit-user', rootTk, { uid: other, username: 'root2', role: 1002, status: 0 })).statusCode).toBe(200);
    await t.ctx.db.updateTable('user').set({ role: 1000 }).where('id', '=', other).execute();
    const tk2 = await login(t, 'root2', 'rootpass');
    expect((await call('DELETE', '/api/admin/user/delete-user', tk2, { ids: [rootUid] })).statusCode).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', rootTk)).statusCode).toBe(401);
    rootUid = other;
    rootTk = tk2;
  });

  it('deletes users and their sessions', async () => {
    const a = await addUser(t, 'gone1', 'pass123');
    const b = await addUser(t, 'gone2', 'pass123');
    const tk = await login(t, 'gone1', 'pass123');
    const r = await call('DELETE', '/api/admin/user/delete-user', rootTk, { ids: [a, b, a] });
    expect(r.json().data).toEqual({ deleted: 2 });
    expect((await call('GET', '/api/get-user-auth-info', tk)).statusCode).toBe(401);
    expect(await t.ctx.db.selectFrom('user').select('id').where('id', 'in', [a, b]).execute()).toHaveLength(0);
  });
});

describe('CSV import', () => {
  it('imports valid rows, reports each skipped row, and imported users can log in', async () => {
    await addUser(t, 'existing', 'pass123', { email: 'taken@example.com' });
    const csv = [
      'username,password,email,realname,gender,nickname,school',
      'stu1,pass001,stu1@example.com,张三,male,"Nick, ""the"" one",北京大学',
      'stu2,pass002,,Li,1,,',
      ',nopass-name,,,,,',
      'stu3,,,,,,',
      'existing,pass003,,,,,',
      'stu4,pass004,taken@example.com,,,,',
      'stu1,pass005,,,,,',
      'stu5,123,,,,,',
      'stu6,pass006,not-an-email,,,,',
      `stu7,pass007,,"<script>x</script>",female,'; DROP TABLE user--,`,
      '',
    ].join('\r\n');
    const r = await call('POST', '/api/admin/user/insert-batch-user', rootTk, { csv }, en);
    expect(r.statusCode, r.body).toBe(200);
    const { inserted, skipped } = r.json().data;
    expect(inserted).toBe(3);
    expect(skipped.map((s: { row: number; reason: string }) => [s.row, s.reason])).toEqual([
      [4, 'The username or password is empty'],
      [5, 'The username or password is empty'],
      [6, 'The username already exists'],
      [7, 'The email already exists'],
      [8, 'The username appears earlier in the file'],
      [9, 'The length of the password is 6 to 25'],
      [10, 'The email format is incorrect'],
    ]);
    const stu1 = await t.ctx.db.selectFrom('user').selectAll().where('username', '=', 'stu1').executeTakeFirstOrThrow();
    expect(stu1).toMatchObject({ realname: '张三', gender: 'male', nickname: 'Nick, "the" one', school: '北京大学', email: 'stu1@example.com' });
    const stu2 = await t.ctx.db.selectFrom('user').selectAll().where('username', '=', 'stu2').executeTakeFirstOrThrow();
    expect(stu2.gender).toBe('female');
    const stu7 = await t.ctx.db.selectFrom('user').selectAll().where('username', '=', 'stu7').executeTakeFirstOrThrow();
    expect(stu7).toMatchObject({ realname: '<script>x</script>', nickname: `'; DROP TABLE user--` });

    expect(stu1.password_hash).toMatch(/^scrypt\$1024\$/);
    await login(t, 'stu1', 'pass001');
    const upgraded = await t.ctx.db.selectFrom('user').select('password_hash').where('username', '=', 'stu1').executeTakeFirstOrThrow();
    expect(upgraded.password_hash).toMatch(/^scrypt\$16384\$/);
    await login(t, 'stu1', 'pass001');
  });

  it('accepts rows split by the client and refuses empty, non-UTF-8 and oversized input', async () => {
    const rows = await call('POST', '/api/admin/user/insert-batch-user', rootTk, { users: [['用户名', '密码'], ['row1', 'pass111', null, null, '0', null, null]] });
    expect(rows.json().data).toEqual({ inserted: 1, skipped: [] });
    expect((await t.ctx.db.selectFrom('user').select('gender').where('username', '=', 'row1').executeTakeFirstOrThrow()).gender).toBe('male');
    const empty = await call('POST', '/api/admin/user/insert-batch-user', rootTk, { csv: 'username,password\n' }, en);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('The CSV file has no rows');
    const gbk = await call('POST', '/api/admin/user/insert-batch-user', rootTk, { csv: 'a\uFFFDb,pass123' }, en);
    expect(gbk.json().msg).toBe('The CSV file must be UTF-8 encoded');
    const none = await call('POST', '/api/admin/user/insert-batch-user', rootTk, {}, en);
    expect(none.statusCode).toBe(400);
    const many = await call('POST', '/api/admin/user/insert-batch-user', rootTk, { users: Array.from({ length: 2001 }, (_, i) => [`u${i}`, 'pass123']) }, en);
    expect(many.statusCode).toBe(400);
  });
});

describe('generate users', () => {
  it('creates prefix+number+suffix accounts, skips existing ones and offers the password list once to its author', async () => {
    await addUser(t, 'team2x', 'pass123');
    const r = await call('POST', '/api/admin/user/generate-user', rootTk, { prefix: 'team', suffix: 'x', numberFrom: 1, numberTo: 4, passwordLength: 8 });
    expect(r.statusCode, r.body).toBe(200);
    const { key, inserted, skipped } = r.json().data;
    expect(inserted).toBe(3);
    expect(skipped).toEqual(['team2x']);
    const file = await call('GET', `/api/file/generate-user-excel?key=${key}`, rootTk);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"/);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('username,password');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['team1x', 'team3x', 'team4x']);
    const [u, p] = lines[1].split(',');
    expect(p).toHaveLength(8);
    await login(t, u, p);

    await addUser(t, 'other_root', 'pass123', { role: 1000 });
    const otherTk = await login(t, 'other_root', 'pass123');
    expect((await call('GET', `/api/file/generate-user-excel?key=${key}`, otherTk)).statusCode).toBe(404);
    expect((await call('GET', '/api/file/generate-user-excel?key=nope', rootTk, undefined, en)).json().msg).toBe('The download has expired, please generate it again');
  });

  it('checks the range, password length and name length', async () => {
    const base = { prefix: 'g', suffix: '', numberFrom: 5, numberTo: 6, passwordLength: 8 };
    expect((await call('POST', '/api/admin/user/generate-user', rootTk, { ...base, numberTo: 4 }, en)).json().msg).toBe('The end number can not be less than the start number');
    expect((await call('POST', '/api/admin/user/generate-user', rootTk, { ...base, passwordLength: 26 }, en)).json().msg).toBe('The length of the password is 6 to 25');
    expect((await call('POST', '/api/admin/user/generate-user', rootTk, { ...base, numberTo: 5000 }, en)).json().msg).toBe('At most 1000 users can be generated at once');
    expect((await call('POST', '/api/admin/user/generate-user', rootTk, { ...base, prefix: 'p'.repeat(19), suffix: 'xx' }, en)).json().msg).toBe('The generated usernames would exceed 20 characters');
    expect((await call('POST', '/api/admin/user/generate-user', rootTk, { prefix: 'g', passwordLength: 8 }, en)).statusCode).toBe(400);
  });
});

describe('announcements', () => {
  it('creates, edits, hides and deletes site announcements shown on the home page', async () => {
    const title = `<img src=x onerror=alert(1)> ' OR 1=1 --`;
    const a = await call('POST', '/api/admin/announcement', rootTk, { title, content: '**bold**' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data).toMatchObject({ title, content: '**bold**', status: 0, username: 'root2' });
    const id = a.json().data.id;
    await call('POST', '/api/admin/announcement', rootTk, { title: 'Hidden', content: 'x', status: 1 });
    const home = (await call('GET', '/api/get-common-announcement?currentPage=1&limit=5', null)).json().data;
    expect(home.records.map((r: { title: string }) => r.title)).toEqual([title]);
    expect(home.records[0].username).toBe('root2');
    const admin = (await call('GET', '/api/admin/announcement?limit=10', rootTk)).json().data;
    expect(admin.total).toBe(2);

    expect((await call('PUT', '/api/admin/announcement', rootTk, { id, title: 'Edited', content: 'new', status: 0 })).statusCode).toBe(200);
    expect((await call('GET', '/api/get-common-announcement', null)).json().data.records[0]).toMatchObject({ title: 'Edited', content: 'new' });
    const blank = await call('POST', '/api/admin/announcement', rootTk, { title: '  ', content: 'x' }, en);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('The title is required');
    expect((await call('POST', '/api/admin/announcement', rootTk, { title: 't', content: '' }, en)).json().msg).toBe('Content cannot be empty');
    expect((await call('DELETE', `/api/admin/announcement?aid=${id}`, rootTk)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/announcement?aid=${id}`, rootTk, undefined, en)).json().msg).toBe('The announcement does not exist');
    expect((await call('DELETE', '/api/admin/announcement?aid=abc', rootTk)).statusCode).toBe(400);
  });
});

describe('system notices', () => {
  it('delivers a notice to every user and keeps it editable and deletable', async () => {
    const users = Number((await t.ctx.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const r = await call('POST', '/api/admin/msg/notice', rootTk, { title: 'Maintenance', content: 'Tonight <b>22:00</b>' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ title: 'Maintenance', recipients: users, username: 'root2' });
    const id = r.json().data.id;
    const delivered = await t.ctx.db.selectFrom('user_sys_notice').selectAll().where('sys_notice_id', '=', id).execute();
    expect(delivered).toHaveLength(users);
    expect(delivered.every((d) => d.type === 'Sys' && d.state === 0)).toBe(true);
    const list = (await call('GET', '/api/admin/msg/notice', rootTk)).json().data;
    expect(list.records[0]).toMatchObject({ id, title: 'Maintenance', content: 'Tonight <b>22:00</b>', recipients: users });
    expect((await call('PUT', '/api/admin/msg/notice', rootTk, { id, title: 'Maintenance!', content: 'Moved' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/msg/notice?id=${id}`, rootTk)).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('user_sys_notice').selectAll().where('sys_notice_id', '=', id).execute()).toHaveLength(0);
    expect((await call('PUT', '/api/admin/msg/notice', rootTk, { id, title: 'x', content: 'y' })).statusCode).toBe(404);
  });
});

describe('email, web config and switches', () => {
  it('tells mail is not configured, saves SMTP settings without returning the password, and sends a test mail', async () => {
    const none = (await call('GET', '/api/admin/config/get-email-config', rootTk)).json().data;
    expect(none).toMatchObject({ configured: false, source: 'none' });
    const fail = await call('POST', '/api/admin/config/test-email', rootTk, { email: 'admin@example.com' }, en);
    expect(fail.statusCode).toBe(400);
    expect(fail.json().msg).toBe('Mail is not configured: fill in the SMTP settings first');

    const set = await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: '127.0.0.1', emailPort: peer.port, emailSsl: false, emailUsername: 'oj', emailPassword: 'smtp-secret', from: 'oj@example.com' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ configured: true, source: 'admin', hasPassword: true, emailHost: '127.0.0.1' });
    expect(JSON.stringify(set.json())).not.toContain('smtp-secret');
    // Saving again with an empty password keeps the stored one.
    await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: '127.0.0.1', emailPort: peer.port, emailSsl: false, emailUsername: 'oj', emailPassword: '', from: 'oj@example.com' });
    expect((await call('GET', '/api/admin/config/get-email-config', rootTk)).json().data.hasPassword).toBe(true);

    const before = peer.mails.length;
    const test = await call('POST', '/api/admin/config/test-email', rootTk, { email: 'admin@example.com' }, en);
    expect(test.statusCode, test.body).toBe(200);
    const mail = await peer.waitFor('admin@example.com', before);
    expect(mail.subject).toContain('Test mail');
    const d = (await call('GET', '/api/admin/dashboard/get-dashboard-info', rootTk)).json().data;
    expect(d.mail).toEqual({ configured: true, source: 'admin' });

    // A dead SMTP server: the admin sees the SMTP error.
    await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: '127.0.0.1', emailPort: peer.port + 1, emailSsl: false, emailUsername: '', emailPassword: '', from: 'oj@example.com' });
    const dead = await call('POST', '/api/admin/config/test-email', rootTk, { email: 'admin@example.com' }, en);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().msg).toMatch(/^The test mail could not be sent: .+/);
    expect((await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: 'x', emailPort: 70000, emailSsl: false, emailUsername: '', from: '' })).statusCode).toBe(400);
    await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: '', emailPort: 465, emailSsl: true, emailUsername: '', emailPassword: '', from: '' });
    expect((await call('GET', '/api/admin/config/get-email-config', rootTk)).json().data.configured).toBe(false);
  });

  it('saves the web config shown by get-website-config, with markup kept literally', async () => {
    const body = { name: `My <OJ> & 'co'`, shortName: 'MOJ', description: 'A judge', recordName: '京ICP备00000000号', recordUrl: 'https://beian.miit.gov.cn', projectName: 'Verdict', projectUrl: 'https://example.com' };
    const r = await call('PUT', '/api/admin/config/set-web-config', rootTk, body);
    expect(r.statusCode, r.body).toBe(200);
    const site = (await call('GET', '/api/get-website-config', null)).json().data;
    expect(site).toMatchObject(body);
    expect((await call('PUT', '/api/admin/config/set-web-config', rootTk, { ...body, name: '' }, en)).json().msg).toBe('The title is required');
    expect((await call('PUT', '/api/admin/config/set-web-config', rootTk, { ...body, carousel: ['javascript:alert(1)'] })).statusCode).toBe(400);
  });

  it('uploads carousel images listed by home-carousel and deletes them with their files', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');
    const boundary = '----carousel';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="slide.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await t.app.inject({ method: 'POST', url: '/api/admin/config/upload-carousel-img', payload, headers: as(rootTk, { 'content-type': `multipart/form-data; boundary=${boundary}` }) });
    expect(up.statusCode, up.body).toBe(200);
    const link = up.json().data.link as string;
    // HOJ's rows {id, url}: id is the stored file's id (what home-carousel?id= deletes).
    expect((await call('GET', '/api/home-carousel', null)).json().data).toEqual([{ id: up.json().data.fileId, url: link }]);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const del = await call('DELETE', `/api/admin/config/delete-carousel-img?link=${encodeURIComponent(link)}`, rootTk);
    expect(del.json().data.carousel).toEqual([]);
    expect((await call('GET', '/api/home-carousel', null)).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('updates switches partially and the public config follows', async () => {
    const r = await call('PUT', '/api/admin/switch/update', rootTk, { openPublicDiscussion: false, defaultSubmitInterval: 30 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ openPublicDiscussion: false, defaultSubmitInterval: 30, register: true });
    const site = (await call('GET', '/api/get-website-config', null)).json().data;
    expect(site).toMatchObject({ openPublicDiscussion: false, register: true, openGroupDiscussion: true, openContestComment: true });
    expect((await call('PUT', '/api/admin/switch/update', rootTk, { register: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/switch/update', rootTk, { defaultSubmitInterval: -1 })).statusCode).toBe(400);
  });

  it("answers and takes HOJ's switch names (SwitchConfigDTO), and reads switches stored under our former names", async () => {
    const hojNames = ['openPublicJudge', 'openGroupJudge', 'openContestJudge', 'hideNonContestSubmissionCode', 'defaultCreateDiscussionACInitValue',
      'defaultCreateDiscussionDailyLimit', 'defaultCreateCommentACInitValue', 'defaultCreateGroupACInitValue', 'defaultCreateGroupDailyLimit', 'defaultCreateGroupLimit', 'defaultSubmitInterval'];
    const info = (await call('GET', '/api/admin/switch/info', rootTk)).json().data;
    expect(Object.keys(info)).toEqual(expect.arrayContaining(hojNames));
    expect(info).toMatchObject({ openPublicJudge: true, openGroupJudge: true, openContestJudge: true, hideNonContestSubmissionCode: false, defaultCreateGroupLimit: 0 });
    for (const old of ['submitInterval', 'discussionAcMin', 'commentAcMin', 'groupAcMin', 'discussionDailyLimit', 'groupDailyLimit']) expect(info).not.toHaveProperty(old);
    const r = await call('PUT', '/api/admin/switch/update', rootTk, { hideNonContestSubmissionCode: true, defaultCreateGroupLimit: 3, defaultCreateCommentACInitValue: 2 });
    expect(r.json().data).toMatchObject({ hideNonContestSubmissionCode: true, defaultCreateGroupLimit: 3, defaultCreateCommentACInitValue: 2 });
    // A row written before the rename: its values are read under the new names (the new name wins when both are there).
    const before = await t.ctx.db.selectFrom('site_config').select('value').where('key', '=', 'switch').executeTakeFirstOrThrow();
    const { defaultSubmitInterval: _s, defaultCreateGroupDailyLimit: _g, defaultCreateDiscussionDailyLimit: _d, ...rest } = JSON.parse(before.value);
    const legacy = JSON.stringify({ ...rest, submitInterval: 42, groupDailyLimit: 7, discussionDailyLimit: 9, defaultCreateCommentACInitValue: 2, commentAcMin: 99 });
    await t.ctx.db.updateTable('site_config').set({ value: legacy }).where('key', '=', 'switch').execute();
    await t.ctx.services.siteConfig.set('web', await t.ctx.services.siteConfig.get('web')); // moves the site stamp: the cached switches are read again
    const migrated = (await call('GET', '/api/admin/switch/info', rootTk)).json().data;
    expect(migrated).toMatchObject({ defaultSubmitInterval: 42, defaultCreateGroupDailyLimit: 7, defaultCreateDiscussionDailyLimit: 9, defaultCreateCommentACInitValue: 2 });
    expect(migrated).not.toHaveProperty('submitInterval');
    await call('PUT', '/api/admin/switch/update', rootTk, { ...Object.fromEntries(hojNames.map((k) => [k, info[k]])) });
    const saved = JSON.parse((await t.ctx.db.selectFrom('site_config').select('value').where('key', '=', 'switch').executeTakeFirstOrThrow()).value);
    expect(saved).not.toHaveProperty('submitInterval');
    expect(saved.defaultSubmitInterval).toBe(info.defaultSubmitInterval);
  });

  it("answers and takes HOJ's SMTP names (EmailConfigDTO) with emailBGImg, never the password; reads settings stored under our former names", async () => {
    const set = await call('PUT', '/api/admin/config/set-email-config', rootTk, {
      emailHost: 'smtp.example.com', emailPort: 587, emailSsl: false, emailUsername: 'oj@example.com', emailPassword: 'hoj-secret', emailBGImg: 'https://example.com/bg.png',
    });
    expect(set.statusCode, set.body).toBe(200);
    const got = (await call('GET', '/api/admin/config/get-email-config', rootTk)).json().data;
    expect(got).toMatchObject({ emailHost: 'smtp.example.com', emailPort: 587, emailSsl: false, emailUsername: 'oj@example.com', emailBGImg: 'https://example.com/bg.png', from: '', hasPassword: true, source: 'admin' });
    expect(got).not.toHaveProperty('emailPassword');
    expect(JSON.stringify(got)).not.toContain('hoj-secret');
    // HOJ's form sends no password back (it never gets one): the stored one is kept.
    await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: 'smtp.example.com', emailPort: 587, emailSsl: false, emailUsername: 'oj@example.com', emailBGImg: '' });
    expect((await t.ctx.services.siteConfig.get('email')).emailPassword).toBe('hoj-secret');
    await t.ctx.db.updateTable('site_config').set({ value: JSON.stringify({ host: 'old.example.com', port: 25, secure: false, username: 'u', password: 'p', from: 'f@example.com' }) }).where('key', '=', 'email').execute();
    await t.ctx.services.siteConfig.set('web', await t.ctx.services.siteConfig.get('web'));
    expect((await call('GET', '/api/admin/config/get-email-config', rootTk)).json().data).toMatchObject({ emailHost: 'old.example.com', emailPort: 25, emailSsl: false, emailUsername: 'u', from: 'f@example.com', emailBGImg: '', hasPassword: true });
    await call('PUT', '/api/admin/config/set-email-config', rootTk, { emailHost: '', emailPort: 465, emailSsl: true, emailUsername: '' });
  });
});
