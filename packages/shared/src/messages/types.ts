/** The shape of the message catalogue, shared by messages.ts and the catalogue parts under messages/ (which must not import messages.ts back). */
export type Locale = 'zh-CN' | 'en-US';
export interface Msg { en: string; zh: string }

/** A message in one language, with its {name} placeholders filled. */
export function formatMsg(m: Msg, locale: Locale, vars: Record<string, string | number> = {}): string {
  let s = locale === 'en-US' ? m.en : m.zh;
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
}
