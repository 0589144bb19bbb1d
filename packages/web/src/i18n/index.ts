import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { MSG, formatMsg, type Locale, type MsgKey } from '@verdict/shared';
import zhCN from './zh-CN';
import enUS from './en-US';

export type Lang = Locale;
export const LANGS: { value: Lang; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];
const STORAGE_KEY = 'lang';

/** A locale bundle: both languages of the same keys. Any `locale.ts` under src/features exports one. */
export interface LocaleBundle { 'zh-CN': Record<string, unknown>; 'en-US': Record<string, unknown> }

// Every feature keeps its own strings in `features/<domain>/locale.ts` (default export
// LocaleBundle, keys nested under the domain name); they are merged here at start-up so a new
// feature never edits a shared file.
const featureBundles = import.meta.glob<{ default: LocaleBundle }>('../features/**/locale.ts', { eager: true });
const componentBundles = import.meta.glob<{ default: LocaleBundle }>('../components/**/locale.ts', { eager: true });

function deepMerge(into: Record<string, any>, from: Record<string, any>) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) into[k] = deepMerge(into[k] ?? {}, v);
    else into[k] = v;
  }
  return into;
}

function buildResources() {
  const zh: Record<string, any> = deepMerge({}, zhCN);
  const en: Record<string, any> = deepMerge({}, enUS);
  for (const mod of [...Object.values(featureBundles), ...Object.values(componentBundles)]) {
    deepMerge(zh, mod.default['zh-CN']);
    deepMerge(en, mod.default['en-US']);
  }
  return { 'zh-CN': { translation: zh }, 'en-US': { translation: en } };
}

export function normalizeLang(v: string | null | undefined): Lang | null {
  if (!v) return null;
  if (/^en/i.test(v)) return 'en-US';
  if (/^zh/i.test(v)) return 'zh-CN';
  return null;
}

/** Query parameter `l` wins (and is remembered), then the stored choice, then the browser, then zh-CN. */
export function detectLang(): Lang {
  const fromQuery = normalizeLang(new URLSearchParams(window.location.search).get('l'));
  if (fromQuery) {
    localStorage.setItem(STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  return normalizeLang(localStorage.getItem(STORAGE_KEY)) ?? normalizeLang(navigator.language) ?? 'zh-CN';
}

const initial = detectLang();
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: initial,
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(initial === 'zh-CN' ? 'zh-cn' : 'en');
document.documentElement.lang = initial;

export function currentLang(): Lang {
  return (i18n.language as Lang) ?? 'zh-CN';
}

export function setLang(lang: Lang) {
  localStorage.setItem(STORAGE_KEY, lang);
  // An `l` in the address would win again on reload: it follows the choice made here.
  const url = new URL(window.location.href);
  if (url.searchParams.has('l')) {
    url.searchParams.set('l', lang);
    window.history.replaceState(window.history.state, '', url);
  }
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** A shared bilingual message (packages/shared MSG) in the current UI language. */
export function msg(key: MsgKey, vars?: Record<string, string | number>): string {
  return formatMsg(MSG[key], currentLang(), vars);
}

export default i18n;
