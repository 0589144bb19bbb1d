import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, en, login } from './account-fixtures.js';

// Dark theme (issue 32): the colour theme is kept with the account, so a user's choice follows
// them to another browser; HOJ's client, which never sends it, keeps working unchanged.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (tk: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/change-userInfo', headers: { authorization: tk, ...en }, payload });

describe('ui theme preference', () => {
  it('is null until chosen, is stored per user, answered at the next login, and left alone by a profile save without it', async () => {
    await addUser(t, 'dora', 'dorapass');
    await addUser(t, 'lena', 'lenapass');
    const tk = await login(t, 'dora', 'dorapass');

    const first = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'dora', password: 'dorapass' } });
    expect(first.json().data.uiTheme).toBeNull();

    const set = await post(tk, { uiTheme: 'dark' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.uiTheme).toBe('dark');

    // HOJ's profile form sends its own fields only: the theme stays.
    const hoj = await post(tk, { nickname: 'Dora', realname: null, school: 'S', gender: 'female', signature: '', github: '', blog: '', cfUsername: '', number: '' });
    expect(hoj.statusCode, hoj.body).toBe(200);
    expect(hoj.json().data).toMatchObject({ nickname: 'Dora', uiTheme: 'dark' });

    // Another device: the login answer carries it.
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'dora', password: 'dorapass' } });
    expect(again.json().data.uiTheme).toBe('dark');
    // Another user is not touched.
    const other = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'lena', password: 'lenapass' } });
    expect(other.json().data.uiTheme).toBeNull();

    expect((await post(tk, { uiTheme: 'system' })).json().data.uiTheme).toBe('system');
  });

  it('refuses an unknown theme with a clear message in both languages, and a visitor', async () => {
    await addUser(t, 'mira', 'mirapass');
    const tk = await login(t, 'mira', 'mirapass');
    const bad = await post(tk, { uiTheme: 'blue' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('The theme must be light, dark or system');
    const zh = await t.app.inject({ method: 'POST', url: '/api/change-userInfo', headers: { authorization: tk, 'accept-language': 'zh-CN' }, payload: { uiTheme: 'blue' } });
    expect(zh.json().msg).toContain('主题只能是浅色、深色或跟随系统');
    const me = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'mira', password: 'mirapass' } });
    expect(me.json().data.uiTheme).toBeNull();
    const visitor = await t.app.inject({ method: 'POST', url: '/api/change-userInfo', payload: { uiTheme: 'dark' } });
    expect(visitor.statusCode).toBe(401);
  });
});
