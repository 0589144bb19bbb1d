import { LIMITS } from '@verdict/shared';
import { createStore } from '../../lib/store';

const KEY = 'loginFailures';

/** Consecutive failed logins in this browser; kept across reloads so a refresh does not skip the slide check. */
export const loginFailures = createStore({ count: Number(localStorage.getItem(KEY)) || 0 });

export function recordLoginFailure() {
  const count = loginFailures.get().count + 1;
  localStorage.setItem(KEY, String(count));
  loginFailures.set({ count });
}

export function resetLoginFailures() {
  localStorage.removeItem(KEY);
  loginFailures.set({ count: 0 });
}

export const needsSlideCheck = (count: number) => count >= LIMITS.failedLoginsBeforeSlide;
