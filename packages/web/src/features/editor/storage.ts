import { DEFAULT_SETTINGS, FONT_SIZES, TAB_SIZES, THEME_NAMES, type EditorSettings } from '../../components/code-editor/themes';

export { DEFAULT_SETTINGS, type EditorSettings };

/** What is kept per problem (and per contest): code, language and the settings. */
export interface SavedCode extends Partial<EditorSettings> {
  code: string;
  language: string;
}

const GLOBAL_KEY = 'editorSetting';
const codeKey = (scope: string) => `code:${scope}`;

/** Storage scope of one problem page: the problem alone, or the problem inside a contest/training/group. */
export function codeScope(pid: number | string, opts: { cid?: number | string | null; tid?: number | string | null; gid?: number | string | null } = {}) {
  if (opts.cid) return `contest-${opts.cid}-${pid}`;
  if (opts.tid) return `training-${opts.tid}-${pid}`;
  if (opts.gid) return `group-${opts.gid}-${pid}`;
  return `problem-${pid}`;
}

function sane(s: Partial<EditorSettings> | null | undefined): EditorSettings {
  const out = { ...DEFAULT_SETTINGS };
  if (s?.theme && THEME_NAMES.includes(s.theme)) out.theme = s.theme;
  if (s?.fontSize && (FONT_SIZES as readonly number[]).includes(s.fontSize)) out.fontSize = s.fontSize;
  if (s?.tabSize && (TAB_SIZES as readonly number[]).includes(s.tabSize)) out.tabSize = s.tabSize;
  return out;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function loadGlobalSettings(): EditorSettings {
  return sane(readJson<Partial<EditorSettings>>(GLOBAL_KEY));
}
export function saveGlobalSettings(s: EditorSettings) {
  localStorage.setItem(GLOBAL_KEY, JSON.stringify(sane(s)));
}

export function loadSavedCode(scope: string): SavedCode | null {
  const v = readJson<SavedCode>(codeKey(scope));
  return v && typeof v.code === 'string' && typeof v.language === 'string' ? v : null;
}
export function saveCode(scope: string, v: SavedCode) {
  try {
    localStorage.setItem(codeKey(scope), JSON.stringify(v));
  } catch {
    // A full localStorage must not break the page; the code simply is not remembered.
  }
}
export function settingsOf(v: SavedCode | null): EditorSettings {
  return v ? sane({ ...loadGlobalSettings(), ...v }) : loadGlobalSettings();
}
