/** Language registry; the server imports this entry (`@verdict/judge/languages`) to list languages. */
export { LANGUAGES, LANGUAGE_DEFS, findLanguage, languageEnv, languageId } from './registry.js';
export type { LanguageInfo, LanguageDef, RunContext } from './registry.js';
export { TEMPLATES } from './templates.js';
