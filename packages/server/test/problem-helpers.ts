import type { FastifyRequest } from 'fastify';
import { Role } from '@verdict/shared';
import { issueToken } from '../src/http/auth.js';
import type { TestApp } from './helpers.js';

/** A user row with a role and a live session token for requests. */
export async function makeUser(t: TestApp, username: string, role: number = Role.DEFAULT_USER) {
  const ts = Date.now();
  const row = await t.ctx.db.insertInto('user').values({
    username, password_hash: 'x', email: `${username}@example.com`, nickname: null, realname: null, school: null, course: null, number: null,
    gender: 'secrecy', avatar: null, signature: null, github: null, blog: null, cf_username: null, title_name: null, title_color: null,
    role, status: 0, last_login_time: null, last_login_ip: null, gmt_create: ts, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow();
  const token = await issueToken(t.ctx, row.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest);
  return { uid: row.id, username, token, headers: { authorization: token } };
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipart(field: string, fileName: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----verdict${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest complete problem payload of the admin form (ACM, two typed cases). */
export function problemPayload(over: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) {
  return {
    problem: {
      problemId: 'P1', title: 'Sum', description: 'Add two numbers.', input: 'Two integers.', output: 'Their sum.',
      examples: [{ input: '1 2', output: '3' }], timeLimit: 1000, memoryLimit: 256, difficulty: 0, auth: 1, type: 0, ...over,
    },
    languages: ['C', 'C++', 'Python3'],
    tags: [],
    codeTemplates: [],
    isUploadTestCase: false,
    judgeMode: 'default',
    samples: [{ input: '1 2\n', output: '3\n' }, { input: '5 7\n', output: '12\n' }],
    ...rest,
  };
}

/**
 * A problem as HOJ's admin editor loads it: GET admin/problem (the entity), then its tags, cases,
 * languages and templates by their own calls.
 */
export async function editorView(t: TestApp, pid: number, headers: Record<string, string>) {
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json().data;
  const problem = await get(`/api/admin/problem?pid=${pid}`);
  return {
    problem,
    tags: await get(`/api/get-problem-tags?pid=${pid}`),
    cases: await get(`/api/admin/problem/get-problem-cases?pid=${pid}&isUpload=${problem.isUploadCase}`),
    languages: (await get(`/api/get-problem-languages?pid=${pid}`)).map((l: { name: string }) => l.name),
    codeTemplates: await get(`/api/get-problem-code-template?pid=${pid}`),
  };
}
