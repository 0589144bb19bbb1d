import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, api, apiOk, launchBrowser, loginApi, registerUser, type Session, type TestUser } from './harness.js';

/**
 * The set-up the forum and message-centre files share. Call `forumSuite()` at the top of a file:
 * its hooks launch the browser, log the admin in and turn the posting intervals off for the file
 * (people post within seconds there; the intervals are the server tests' business), then put the
 * site's intervals back and close the browser. Read `browser` and `admin` inside tests.
 */
export function forumSuite(): { readonly browser: Browser; readonly admin: Session } {
  const state = {} as { browser: Browser; admin: Session };
  let saved: Record<string, unknown> = {};
  beforeAll(async () => {
    state.browser = await launchBrowser();
    state.admin = await adminSession();
    saved = await apiOk('admin/switch/info', { token: state.admin.token });
    await apiOk('admin/switch/update', { method: 'PUT', token: state.admin.token, body: { discussionInterval: 0, commentInterval: 0 } });
  });
  afterAll(async () => {
    if (state.admin) {
      await api('admin/switch/update', { method: 'PUT', token: state.admin.token, body: { discussionInterval: saved.discussionInterval, commentInterval: saved.commentInterval } });
    }
    await state.browser?.close();
  });
  return state;
}

/** New users registered through the real flow, each with an API session. */
export async function sessions(n: number): Promise<{ user: TestUser; session: Session }[]> {
  const users = await Promise.all(Array.from({ length: n }, () => registerUser()));
  return Promise.all(users.map(async (user) => ({ user, session: await loginApi(user.username, user.password) })));
}

/** The unread badge on the navbar's user menu. */
export const navBadge = (page: Page) => page.getByTestId('nav-user').locator('.ant-badge-count');
