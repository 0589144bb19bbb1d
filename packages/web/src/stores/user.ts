import { ROLE_NAMES, canEnterAdmin, isAdminRole, isRoot, type UserInfo } from '@verdict/shared';
import { createStore } from '../lib/store';

const TOKEN_KEY = 'token';
const USER_KEY = 'userInfo';

function readUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export type AuthModalMode = 'login' | 'register' | 'resetPwd';

interface UserState {
  token: string | null;
  user: UserInfo | null;
  /** The 370 px Login/Register/ResetPwd dialog; null when closed. */
  authModal: AuthModalMode | null;
  /** A username the dialog's login form starts with (the account just registered). */
  authUsername: string | null;
}

export const userStore = createStore<UserState>({
  token: localStorage.getItem(TOKEN_KEY),
  user: readUser(),
  authModal: null,
  authUsername: null,
});

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  userStore.set({ token });
}

export function setUser(user: UserInfo) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  userStore.set({ user });
}

export function clearUser() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  userStore.set({ token: null, user: null });
}

/**
 * Logging out: forget the user and remember, until the guard has sent the page home, that the
 * login-only /logout route lost its token on purpose (no "Please login first!" then).
 */
let signedOutAt = 0;
export function signOut() {
  signedOutAt = Date.now();
  clearUser();
  // A request racing the logout may have been refused with the revoked token and asked for a login.
  userStore.set({ authModal: null });
}
/** True once, within a few seconds of signOut(): the guard's cue to go home quietly. */
export function takeSignOut(): boolean {
  const recent = Date.now() - signedOutAt < 5000;
  signedOutAt = 0;
  return recent;
}

export const openAuthModal = (mode: AuthModalMode = 'login', username: string | null = null) => userStore.set({ authModal: mode, authUsername: username });
export const closeAuthModal = () => userStore.set({ authModal: null });

const NAME_TO_CODE: Record<string, number> = Object.fromEntries(Object.entries(ROLE_NAMES).map(([c, n]) => [n, Number(c)]));

/** Role codes of a user; the server may send role names or codes. */
export function roleCodes(user: Pick<UserInfo, 'roleList'> | null | undefined): number[] {
  if (!user?.roleList) return [];
  return (user.roleList as (string | number)[]).map((r) => (typeof r === 'number' ? r : (NAME_TO_CODE[r] ?? Number(r)))).filter((n) => !Number.isNaN(n));
}

export function useAuth() {
  const { token, user } = userStore.use();
  const roles = roleCodes(user);
  return {
    token,
    user,
    isLoggedIn: !!token && !!user,
    isRoot: isRoot(roles),
    isAdmin: isAdminRole(roles),
    canEnterAdmin: canEnterAdmin(roles),
    roles,
  };
}
