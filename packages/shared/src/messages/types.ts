/** The shape of the message catalogue, shared by messages.ts and the catalogue parts under messages/ (which must not import messages.ts back). */
export type Locale = 'zh-CN' | 'en-US';
export interface Msg { en: string; zh: string }
