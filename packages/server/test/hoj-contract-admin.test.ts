import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, parseAccountLimitRule } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, login } from './account-fixtures.js';
import { ProtocolWorker, makeProblem } from './judge-fixtures.js';

/**
 * HOJ's wire contract for the admin area and contests (issue 10, differences 3 and 4): requests
 * as HOJ's admin views build them (hoj-vue/src/views/admin/*), answers with the fields they read.
 */
let t: TestApp;
let rootTk: string;
let rootUid: number;
let userUid: number;

beforeAll(async () => {
  t = await createTestApp();
  rootUid = await addUser(t, 'root', 'rootpass', { role: 1000 });
  userUid = await addUser(t, 'plain', 'plainpass');
  rootTk = await login(t, 'root', 'rootpass', '/api/admin/login');
  // A second login: HOJ's dashboard shows the previous session.
  rootTk = await login(t, 'root', 'rootpass', '/api/admin/login');
});
afterAll(async () => { await t?.close(); });

const req = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: { query?: Record<string, unknown>; body?: unknown; lang?: string; token?: string } = {}) => {
  const qs = o.query ? '?' + new URLSearchParams(Object.entries(o.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString() : '';
  const res = await t.app.inject({
    method, url: `/api${url}${qs}`, headers: { authorization: o.token ?? rootTk, 'accept-language': o.lang ?? 'en-US', 'content-type': 'application/json' },
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
};

const HOUR = 3_600_000;

describe('difference 4: admin', () => {
  it('dashboard counters userNum / todayJudgeNum / recentContestNum; get-sessions is a POST of the uid answering the previous Session', async () => {
    const info = (await req('GET', '/admin/dashboard/get-dashboard-info')).body.data;
    expect(info).toMatchObject({ userNum: 2, todayJudgeNum: 0, recentContestNum: 0 });
    // Dashboard.vue: api.getSessions(this.userInfo.uid) posts the bare uid and reads ip, userAgent, gmtCreate.
    const s = await req('POST', '/admin/dashboard/get-sessions', { body: rootUid });
    expect(s.code).toBe(200);
    expect(s.body.data).toMatchObject({ ip: expect.any(String), gmtCreate: expect.any(Number) });
    expect(s.body.data.sessions.length).toBe(2);
  });

  it('service and judge-service info in HOJ shapes, filled with this server\'s facts', async () => {
    const w = new ProtocolWorker(t, 'judge-a');
    await w.register(['C++17']);
    const g = (await req('GET', '/admin/config/get-service-info')).body.data;
    // Dashboard.vue copies backupCores / backupPercentCpuLoad / backupPercentMemoryLoad into backupService[0].
    expect(g.backupCores).toBeGreaterThan(0);
    expect(g.backupPercentCpuLoad).toMatch(/^\d+(\.\d)?%$/);
    expect(g.backupPercentMemoryLoad).toMatch(/^\d+(\.\d)?%$/);
    expect(g.backupService).toHaveLength(1);
    expect(g.backupService[0]).toMatchObject({ host: expect.any(String), port: expect.any(Number), secure: false, metadata: { 'nacos.healthy': 'true' } });
    expect(g.nacos.status).toEqual(expect.any(String));
    const judges = (await req('GET', '/admin/config/get-judge-service-info')).body.data;
    expect(judges).toHaveLength(1);
    expect(judges[0]).toMatchObject({ cpuCores: expect.any(Number), percentCpuLoad: expect.stringMatching(/%$/), service: { host: 'judge-a', metadata: { judgeName: 'judge-a', 'nacos.healthy': 'true' } } });
  });

  it('user rows carry roles as HOJ\'s list; edit-user takes the role as `type`', async () => {
    const rows = (await req('GET', '/admin/user/get-user-list', { query: { currentPage: 1, limit: 10, onlyAdmin: false } })).body.data.records;
    const plain = rows.find((r: { username: string }) => r.username === 'plain');
    expect(plain.roles[0].id).toBe(1002);
    // User.vue's selectUser: uid, username, realname, email, password '', type (the role id), status, titleName, titleColor, setNewPwd.
    const edit = await req('PUT', '/admin/user/edit-user', {
      body: { uid: userUid, username: 'plain', realname: null, email: 'plain@example.com', password: '', type: 1001, status: 0, titleName: null, titleColor: null, setNewPwd: false },
    });
    expect(edit.code).toBe(200);
    const again = (await req('GET', '/admin/user/get-user-list', { query: { currentPage: 1, limit: 10, keyword: 'plain', onlyAdmin: false } })).body.data.records[0];
    expect(again.roles[0].id).toBe(1001);
  });

  it('problem list auth=0 means all; manual-judge and contest-problem answer HOJ\'s GETs', async () => {
    const pub = await makeProblem(t, { problemId: 'P1' });
    await makeProblem(t, { problemId: 'P2', auth: 2 });
    const all = (await req('GET', '/admin/problem/get-problem-list', { query: { currentPage: 1, limit: 10, auth: 0, keyword: '' } })).body.data;
    expect(all.total).toBe(2);
    expect((await req('GET', '/admin/problem/get-problem-list', { query: { currentPage: 1, limit: 10, auth: 2 } })).body.data.total).toBe(1);

    const ts = Date.now();
    const sub = await t.ctx.db.insertInto('submission').values({
      pid: pub, display_pid: 'P1', uid: rootUid, username: 'root', cid: 0, cpid: 0, gid: 0, tid: 0, status: JudgeStatus.WRONG_ANSWER, score: null,
      oi_rank_score: null, time: 1, memory: 1, length: 1, language: 'C++17', code: 'x', share: 0, error_message: null, judger: 'j', is_manual: 0,
      case_done: 1, case_total: 1, ip: null, submit_time: ts, judge_time: ts, gmt_modified: ts,
    }).returning('id').executeTakeFirstOrThrow();
    // SubmissionList.vue: api.admin_manualJudge(submitId, status, score) — query parameters of a GET, score absent for ACM.
    const mj = await req('GET', '/admin/judge/manual-judge', { query: { submitId: sub.id, status: 0 } });
    expect(mj.body.data).toMatchObject({ submitId: sub.id, status: 0, isManual: true });

    const start = new Date(ts - HOUR).toISOString();
    const cid = (await req('POST', '/admin/contest', { body: { title: 'C', description: 'd', startTime: start, endTime: new Date(ts + HOUR).toISOString(), type: 0, auth: 0 } })).body.data.id;
    expect((await req('POST', '/admin/contest/add-problem-from-public', { body: { cid, pid: pub, displayId: 'A' } })).code).toBe(200);
    const cp = await req('GET', '/admin/contest/contest-problem', { query: { cid, pid: pub } });
    expect(cp.body.data).toMatchObject({ cid, pid: pub, displayId: 'A', displayTitle: 'Problem P1' });
  });
});

describe('the problem editor loads as HOJ\'s does', () => {
  it('GET admin/problem is the entity; tags, cases, languages and templates come from their own calls', async () => {
    const save = await req('POST', '/admin/problem', { body: {
      problem: { problemId: 'ED1', title: 'Edit me', description: 'd', input: 'i', output: 'o', examples: [], timeLimit: 1000, memoryLimit: 256, stackLimit: 128,
        difficulty: 1, auth: 1, type: 0, isUploadCase: false, judgeCaseMode: 'default' },
      codeTemplates: [{ language: 'C++17', code: '// on', status: true }, { language: 'Python3', code: '# off', status: false }],
      tags: [{ name: 'graphs' }], languages: ['C++17', 'Python3'], isUploadTestCase: false, judgeMode: 'default', samples: [{ input: '1', output: '1' }],
    } });
    expect(save.code).toBe(200);
    const pid = save.body.data.pid;
    const entity = (await req('GET', '/admin/problem', { query: { pid } })).body.data;
    expect(entity).toMatchObject({ id: pid, problemId: 'ED1', title: 'Edit me', timeLimit: 1000, memoryLimit: 256, judgeMode: 'default', isUploadCase: false });
    expect(entity.problem).toBeUndefined();
    expect((await req('GET', '/get-problem-tags', { query: { pid } })).body.data.map((x: { name: string }) => x.name)).toEqual(['graphs']);
    expect((await req('GET', '/admin/problem/get-problem-cases', { query: { pid, isUpload: false } })).body.data.map((c: { input: string }) => c.input)).toEqual(['1']);
    expect((await req('GET', '/get-problem-languages', { query: { pid } })).body.data.map((l: { name: string }) => l.name).sort()).toEqual(['C++17', 'Python3']);
    // The editor sees the disabled template too; a user only the enabled one.
    expect((await req('GET', '/get-problem-code-template', { query: { pid } })).body.data.map((x: { language: string }) => x.language).sort()).toEqual(['C++17', 'Python3']);
    await addUser(t, 'viewer', 'viewerpass');
    const userTk = await login(t, 'viewer', 'viewerpass');
    expect((await req('GET', '/get-problem-code-template', { query: { pid }, token: userTk })).body.data.map((x: { language: string }) => x.language)).toEqual(['C++17']);
    // HOJ's admin_getContestProblem(pid) sends the pid alone.
    expect((await req('GET', '/admin/contest/problem', { query: { pid } })).body.data).toMatchObject({ id: pid, problemId: 'ED1' });
  });
});

describe('contest form and units (differences 3 and 4)', () => {
  it('takes ISO date strings and the account limit rule as HOJ\'s tagged text; answers duration in seconds', async () => {
    const start = new Date(Date.now() + 24 * HOUR);
    const end = new Date(start.getTime() + 5 * HOUR);
    const rule = '<prefix>team</prefix><suffix></suffix><start>1</start><end>10</end><extra>u2</extra>';
    // Contest.vue posts the contest object: Date objects in JSON are ISO strings.
    const created = await req('POST', '/admin/contest', {
      body: { title: 'Form', description: 'd', startTime: start.toISOString(), endTime: end.toISOString(), type: 0, auth: 0, pwd: '', sealRank: true,
        sealRankChoice: 1, autoRealRank: true, openRank: false, openPrint: false, allowEndSubmit: false, rankShowName: 'username',
        openAccountLimit: true, accountLimitRule: rule, starAccount: [], oiRankScoreType: 'Recent', awardType: 0, awardConfigList: [], visible: true },
    });
    expect(created.code).toBe(200);
    const got = (await req('GET', '/admin/contest', { query: { cid: created.body.data.id } })).body.data;
    expect(got.startTime).toBe(start.getTime());
    expect(got.duration).toBe(5 * 3600);
    expect(parseAccountLimitRule(got.accountLimitRule)).toEqual({ prefix: 'team', suffix: '', start: 1, end: 10, extra: ['u2'] });
    expect(got.accountLimitRule).toContain('<prefix>team</prefix>');
    // Saved back unchanged, as HOJ's form does.
    expect((await req('PUT', '/admin/contest', { body: { ...got, startTime: new Date(got.startTime).toISOString(), endTime: new Date(got.endTime).toISOString() } })).code).toBe(200);

    const list = (await req('GET', '/get-contest-list', { query: { currentPage: 1, limit: 10 } })).body.data.records;
    expect(list.find((c: { id: number }) => c.id === got.id).duration).toBe(5 * 3600);
  });

  it('refuses a date that does not parse with a clear bilingual 400', async () => {
    const body = { title: 'Bad', description: 'd', startTime: 'yesterday-ish', endTime: new Date().toISOString(), type: 0, auth: 0 };
    const en = await req('POST', '/admin/contest', { body });
    expect([en.code, en.body.msg]).toEqual([400, 'The start or end time is not a valid date']);
    expect((await req('POST', '/admin/contest', { body, lang: 'zh-CN' })).body.msg).toBe('开始或结束时间不是有效的日期');
  });

  it('get-contest-rank takes keyword null (HOJ sends it when the search box is empty)', async () => {
    const ts = Date.now();
    const cid = (await req('POST', '/admin/contest', { body: { title: 'R', description: 'd', startTime: new Date(ts - HOUR).toISOString(), endTime: new Date(ts + HOUR).toISOString(), type: 0, auth: 0 } })).body.data.id;
    // contestRankMixin.js: currentPage, limit, cid (route param: a string), forceRefresh, removeStar, concernedList, keyword, containsEnd.
    const r = await req('POST', '/get-contest-rank', {
      body: { currentPage: 1, limit: 30, cid: String(cid), forceRefresh: false, removeStar: false, concernedList: [], keyword: null, containsEnd: false },
    });
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ records: [], total: 0 });
  });
});
