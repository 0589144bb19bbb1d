import type { ThemeConfig } from 'antd';
import { createStore } from '../lib/store';

/**
 * The colour theme (issue 32): light, dark, or the system's (the default). The choice is kept in
 * localStorage under THEME_KEY, where index.html's inline script reads it before the bundle loads
 * (data-theme and color-scheme on <html>, so the first paint already has the right colours); a
 * signed-in user's choice is also kept with the account (uiTheme, ./sync.ts).
 */
export type ThemeMode = 'light' | 'dark' | 'system';
export const THEME_MODES: readonly ThemeMode[] = ['system', 'light', 'dark'];
export const THEME_KEY = 'theme';

const media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export const isThemeMode = (v: unknown): v is ThemeMode => v === 'light' || v === 'dark' || v === 'system';

function readMode(): ThemeMode {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return isThemeMode(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

const resolve = (mode: ThemeMode) => mode === 'dark' || (mode === 'system' && !!media?.matches);

function apply(dark: boolean) {
  const el = document.documentElement;
  el.dataset.theme = dark ? 'dark' : 'light';
  el.style.colorScheme = dark ? 'dark' : 'light';
}

const initial = readMode();
export const themeStore = createStore<{ mode: ThemeMode; dark: boolean; darkConfig: ThemeConfig | null }>({ mode: initial, dark: resolve(initial), darkConfig: null });

let darkLoad: Promise<void> | null = null;
/** antd's dark theme arrives in its own chunk the first time it is shown (the light first page does not carry it). */
export function loadDarkTheme(): Promise<void> {
  darkLoad ??= import('./antd-dark').then(
    (m) => themeStore.set({ darkConfig: m.darkTheme }),
    () => {
      darkLoad = null;
    },
  );
  return darkLoad;
}
apply(themeStore.get().dark);
if (themeStore.get().dark) void loadDarkTheme();

/**
 * Shows the light or dark theme. The first switch to dark waits for antd's dark config, so the page
 * turns at once instead of showing the dark page colours under light components for a moment (a
 * failed chunk still turns it, with antd's light components).
 */
let wanted = themeStore.get().dark;
function show(dark: boolean) {
  wanted = dark;
  const commit = () => {
    if (wanted !== dark) return;
    themeStore.set({ dark });
    apply(dark);
  };
  if (dark && !themeStore.get().darkConfig) void loadDarkTheme().then(commit);
  else commit();
}

media?.addEventListener('change', () => {
  const { mode } = themeStore.get();
  if (mode === 'system') show(resolve(mode));
});

// Paper is white: a page printed from the dark theme prints in the light one.
window.addEventListener('beforeprint', () => {
  if (themeStore.get().dark) show(false);
});
window.addEventListener('afterprint', () => show(resolve(themeStore.get().mode)));

/** Sets the theme here (and in localStorage); the account's copy is ./sync.ts's business. */
export function setThemeMode(mode: ThemeMode) {
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    // A full or blocked storage: the choice lasts for this page only.
  }
  themeStore.set({ mode });
  show(resolve(mode));
}

/** True while the dark theme is shown (the chosen one or the system's). */
export const useDarkTheme = () => themeStore.use((s) => s.dark);
export const useThemeMode = () => themeStore.use((s) => s.mode);
