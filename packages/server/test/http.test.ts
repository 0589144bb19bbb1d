import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('HTTP conventions', () => {
  it('answers with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, msg: 'success', data: { up: true } });
  });

  it('gives an unknown API path a 404 envelope in the asked language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toMatchObject({ status: 404, msg: '请求的资源不存在' });
    const en = await t.app.inject({ method: 'GET', url: '/api/no-such-call', headers: { 'accept-language': 'en-US' } });
    expect(en.json().msg).toBe('The resource does not exist');
  });

  it('answers malformed JSON with a 400 and a message, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().msg).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
