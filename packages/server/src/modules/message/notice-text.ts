import { MSG, formatMsg, type Locale, type MsgKey } from '@verdict/shared';

/**
 * A notice the server writes, by message key: its title, and its content either by key too or as
 * a text in no particular language (a user's own words). Variables fill both.
 */
export interface NoticeI18n { title: MsgKey; content?: MsgKey; text?: string; vars: Record<string, string | number> }

/** The text stored with the keys: both languages, for clients that show a notice as written (HOJ's). */
export function storedText(n: NoticeI18n): { title: string; content: string } {
  const both = (k: MsgKey, sep: string) => `${formatMsg(MSG[k], 'zh-CN', n.vars)}${sep}${formatMsg(MSG[k], 'en-US', n.vars)}`;
  return { title: both(n.title, ' · '), content: n.content ? both(n.content, '\n\n') : n.text ?? '' };
}

/** A notice as its reader sees it: a server-written one in the reader's language, others as written. */
export function noticeText(row: { title: string; content: string; msg_i18n: string | null }, locale: Locale): { title: string; content: string } {
  if (!row.msg_i18n) return { title: row.title, content: row.content };
  let n: NoticeI18n;
  try { n = JSON.parse(row.msg_i18n) as NoticeI18n; } catch { return { title: row.title, content: row.content }; }
  if (!(n.title in MSG) || (n.content && !(n.content in MSG))) return { title: row.title, content: row.content };
  return { title: formatMsg(MSG[n.title], locale, n.vars), content: n.content ? formatMsg(MSG[n.content], locale, n.vars) : n.text ?? '' };
}
