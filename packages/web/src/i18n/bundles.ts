import i18n from 'i18next';

/** A locale bundle: both languages of the same keys. Any `locale.ts` under src/features exports one. */
export interface LocaleBundle { 'zh-CN': Record<string, unknown>; 'en-US': Record<string, unknown> }

/** Bundles registered before i18next was initialised; src/i18n/index.ts starts with them. */
export const pending: LocaleBundle = { 'zh-CN': {}, 'en-US': {} };
const added = new Set<LocaleBundle>();

export function deepMerge(into: Record<string, any>, from: Record<string, any>) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) into[k] = deepMerge(into[k] ?? {}, v);
    else into[k] = v;
  }
  return into;
}

/**
 * Registers feature locale bundles. The build (build/locale-with-code.ts) puts a call to this in
 * front of every module whose source names a key of a bundle, so a screen's strings arrive and
 * are registered with its code, before it renders.
 */
export function addLocale(...bundles: LocaleBundle[]) {
  for (const b of bundles) {
    if (added.has(b)) continue;
    added.add(b);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      if (i18n.isInitialized) i18n.addResourceBundle(lang, 'translation', b[lang], true, true);
      else deepMerge(pending[lang], b[lang]);
    }
  }
}
