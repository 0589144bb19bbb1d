import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, login } from './account-fixtures.js';

/**
 * Every account, site and admin call of this area, fed malformed payloads: wrong types, missing
 * fields, huge strings, SQL and markup. Each must answer 2xx or 4xx with a message, never 500.
 */
let t: TestApp;
let rootTk: string;
let userTk: string;
beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'root', 'rootpass', { role: 1000 });
  await addUser(t, 'someone', 'somepass');
  rootTk = await login(t, 'root', 'rootpass');
  userTk = await login(t, 'someone', 'somepass');
});
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const CALLS: [Method, string][] = [
  ['GET', '/api/get-register-code'], ['POST', '/api/login'], ['POST', '/api/check-username-or-email'], ['POST', '/api/register'],
  ['POST', '/api/apply-reset-password'], ['POST', '/api/reset-password'], ['GET', '/api/get-user-home-info'], ['GET', '/api/get-user-calendar-heatmap'],
  ['POST', '/api/change-password'], ['GET', '/api/get-change-email-code'], ['POST', '/api/change-email'], ['POST', '/api/change-userInfo'],
  ['POST', '/api/file/upload-avatar'], ['GET', '/api/get-common-announcement'], ['GET', '/api/get-last-week-submission-statistics'],
  ['POST', '/api/admin/login'], ['GET', '/api/admin/user/get-user-list'], ['PUT', '/api/admin/user/edit-user'], ['DELETE', '/api/admin/user/delete-user'],
  ['POST', '/api/admin/user/insert-batch-user'], ['POST', '/api/admin/user/generate-user'], ['GET', '/api/file/generate-user-excel'],
  ['GET', '/api/admin/announcement'], ['POST', '/api/admin/announcement'], ['PUT', '/api/admin/announcement'], ['DELETE', '/api/admin/announcement'],
  ['GET', '/api/admin/msg/notice'], ['POST', '/api/admin/msg/notice'], ['PUT', '/api/admin/msg/notice'], ['DELETE', '/api/admin/msg/notice'],
  ['PUT', '/api/admin/config/set-email-config'], ['POST', '/api/admin/config/test-email'], ['PUT', '/api/admin/config/set-web-config'],
  ['POST', '/api/admin/config/upload-carousel-img'], ['DELETE', '/api/admin/config/delete-carousel-img'], ['PUT', '/api/admin/switch/update'],
];

const evil = `'; DROP TABLE "user"; -- <script>alert(1)</script>`;
const BODIES: unknown[] = [
  [], 'text', 42, null, { username: 123, password: [] }, { uid: 'x', ids: 'all', users: 'x', csv: 5 },
  { username: evil, password: evil, email: evil, code: evil, title: evil, content: evil, id: -1, ids: [-1], aid: evil },
  { name: 'x'.repeat(100_000), host: 'y'.repeat(100_000), csv: 'a,b\n'.repeat(10), users: [[evil, evil]] },
  { prefix: evil, suffix: evil, numberFrom: 'a', numberTo: 1e20, passwordLength: 1.5 },
];
const QUERIES = ['', '?currentPage=abc&limit=-5', `?uid=${encodeURIComponent(evil)}&username=${encodeURIComponent(evil)}`, `?email=${encodeURIComponent(evil)}&key=${'k'.repeat(200)}&link=${encodeURIComponent(evil)}&id=1e99&aid=0`];

describe('malformed payloads', () => {
  it('never produce a 500 on any call, logged out, as a user or as root', async () => {
    const failures: string[] = [];
    for (const token of [null, userTk, rootTk]) {
      for (const [method, url] of CALLS) {
        for (const q of QUERIES) {
          const bodies = method === 'GET' ? [undefined] : BODIES;
          for (const body of bodies) {
            const res = await t.app.inject({
              method, url: url + q,
              headers: { ...(token ? { authorization: token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            const json = res.json();
            if (res.statusCode >= 500 || (res.statusCode >= 400 && !json.msg)) failures.push(`${method} ${url}${q} ${JSON.stringify(body)?.slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The site still works and the user table is intact.
    expect((await t.app.inject({ method: 'GET', url: '/api/get-website-config' })).statusCode).toBe(200);
    await login(t, 'someone', 'somepass');
  }, 240_000);

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const [, url] of CALLS) expect(Object.keys(doc.paths), url).toContain(url);
  });

  it('refuses uploads that are not multipart or carry no file', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', headers: { authorization: userTk, 'content-type': 'application/json' }, payload: '{}' });
    expect(json.statusCode).toBe(400);
    const boundary = '----x';
    const noFile = await t.app.inject({
      method: 'POST', url: '/api/file/upload-avatar',
      headers: { authorization: userTk, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().msg).toBe('请选择要上传的文件（表单字段“image”）');
  });
});
