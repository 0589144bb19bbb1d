import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { CORE_MSG, formatMsg, type CoreMsgKey, type Locale } from '@verdict/shared';
import zhCN from './zh-CN';
import enUS from './en-US';
import { deepMerge, pending } from './bundles';

export type Lang = Locale;
export const LANGS: { value: Lang; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];
const STORAGE_KEY = 'lang';

export type { LocaleBundle } from './bundles';

// Every feature keeps its own strings in `features/<domain>/locale.ts` (default export
// LocaleBundle, keys nested under the domain name); a new feature never edits a shared file.
// They are not all merged here: the build adds each bundle to the modules that use its keys
// (build/locale-with-code.ts -> addLocale in ./bundles), so a screen's strings load with it.
// Frame strings (navbar, footer, requests, statuses) are here, in the first bundle.
function buildResources() {
  const zh: Record<string, any> = deepMerge(deepMerge({}, zhCN), pending['zh-CN']);
  const en: Record<string, any> = deepMerge(deepMerge({}, enUS), pending['en-US']);
  return { 'zh-CN': { translation: zh }, 'en-US': { translation: en } };
}

/** Keys asked for that no loaded bundle has (a screen whose strings did not come with it); e2e tests read it. */
const missing: string[] = [];
(window as unknown as { __i18nMissing?: string[] }).__i18nMissing = missing;

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
  saveMissing: true,
  missingKeyHandler: (_lngs, _ns, key, fallbackValue) => {
    // A key asked for with a default value (`t(key, { defaultValue })`) may be absent on purpose.
    if (fallbackValue === key && missing.length < 100 && !missing.includes(key)) missing.push(key);
  },
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

/**
 * A message of the shared catalogue's core (login, access, errors) in the current UI language. The
 * first bundle carries only this part; screens that show other messages import `msg` from
 * './messages' instead, and the whole catalogue loads with their chunk.
 */
export function msg(key: CoreMsgKey, vars?: Record<string, string | number>): string {
  return formatMsg(CORE_MSG[key], currentLang(), vars);
}

export default i18n;
