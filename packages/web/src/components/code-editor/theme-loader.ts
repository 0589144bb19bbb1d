import type { Extension } from '@codemirror/state';
import { solarizedLight } from '@uiw/codemirror-theme-solarized/light';

/** The default theme (spec 01 §9: solarized), in the editor's own chunk: a first visit waits for nothing. */
export const DEFAULT_THEME: Extension = solarizedLight;

// The other seven arrive in their own chunks, one at a time, when a user has chosen one.
const LOADERS: Record<string, () => Promise<Extension>> = {
  // The default's dark side (issue 32): shown in the site's dark theme while the default is chosen.
  solarized_dark: () => import('@uiw/codemirror-theme-solarized/dark').then((m) => m.solarizedDark),
  monokai: () => import('@uiw/codemirror-theme-monokai').then((m) => m.monokai),
  material: () => import('@uiw/codemirror-theme-material').then((m) => m.materialDark),
  idea: () => import('./custom-themes').then((m) => m.idea),
  eclipse: () => import('@uiw/codemirror-theme-eclipse').then((m) => m.eclipse),
  base16_dark: () => import('./custom-themes').then((m) => m.base16Dark),
  cobalt: () => import('./custom-themes').then((m) => m.cobalt),
  dracula: () => import('@uiw/codemirror-theme-dracula').then((m) => m.dracula),
};

/** The theme to show: solarized (the default) turns to its dark side in the site's dark theme; any other choice wins as it is. */
export const editorThemeFor = (name: string, dark: boolean) => (dark && (name === 'solarized' || !LOADERS[name]) ? 'solarized_dark' : name);

const ready = new Map<string, Extension>([['solarized', DEFAULT_THEME]]);
const pending = new Map<string, Promise<Extension>>();

/** The theme if it is already here (null: call loadEditorTheme). */
export function editorThemeNow(name: string): Extension | null {
  return ready.get(name) ?? (LOADERS[name] ? null : DEFAULT_THEME);
}

/** Loads a theme once and keeps it; an unknown name, or a chunk that fails to load, gives the default. */
export function loadEditorTheme(name: string): Promise<Extension> {
  const now = editorThemeNow(name);
  if (now) return Promise.resolve(now);
  let p = pending.get(name);
  if (!p) {
    p = LOADERS[name]().then(
      (theme) => {
        ready.set(name, theme);
        return theme;
      },
      () => {
        pending.delete(name);
        return DEFAULT_THEME;
      },
    );
    pending.set(name, p);
  }
  return p;
}
