/** Language registry (filled in by the judge issue). */
export interface LanguageInfo {
  name: string;
  description: string;
  compileCommand: string;
  template: string;
  contentType: string;
}
export const LANGUAGES: LanguageInfo[] = [];
