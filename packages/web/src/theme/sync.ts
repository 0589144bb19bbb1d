import { setUser, userStore } from '../stores/user';
import { api } from '../lib/request';
import { setThemeMode, themeStore, type ThemeMode } from './mode';

/**
 * The account's copy of the theme (uiTheme, issue 32). A user's stored choice wins when their info
 * arrives (login, another device's choice); null (never chosen) leaves the browser's. Imported by
 * the app shell once.
 */
let seen = userStore.get().user;
const follow = () => {
  const theme = seen?.uiTheme;
  if (theme && theme !== themeStore.get().mode) setThemeMode(theme);
};
follow();
userStore.subscribe(() => {
  const { user } = userStore.get();
  if (user === seen) return;
  const before = seen?.uiTheme;
  seen = user;
  // Only a change of the stored choice (or a new user) moves the theme, not any other profile save.
  if (user?.uiTheme !== before) follow();
});

/** The user's choice from a menu or the settings: here at once, and saved with the account when signed in. */
export async function chooseTheme(mode: ThemeMode): Promise<void> {
  setThemeMode(mode);
  const { token, user } = userStore.get();
  if (!token || !user) return;
  const info = await api.post<typeof user>('/change-userInfo', { uiTheme: mode });
  const now = userStore.get().user;
  if (now && now.uid === info.uid) setUser({ ...now, uiTheme: info.uiTheme ?? mode });
}
