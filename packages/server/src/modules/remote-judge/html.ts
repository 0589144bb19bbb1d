/**
 * Small helpers to read the home sites' HTML: their pages are machine-generated with stable
 * markers (class names, hidden inputs), so targeted patterns are enough and keep the module free
 * of a DOM library. Statements become markdown in `html-markdown.ts` (the one converter).
 */
import { decodeEntities } from './html-markdown.js';

/** Text of an HTML fragment: tags dropped, <br> and block ends as newlines, entities decoded. */
export function textOf(html: string): string {
  return decodeEntities(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|tr|h\d)>/gi, '\n').replace(/<[^>]*>/g, ''),
  ).replace(/\r/g, '');
}

/** The value of a hidden input or `data-csrf` by name ('csrf_token'), or null. */
export function inputValue(html: string, name: string): string | null {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const tag of html.match(/<input\b[^>]*>/gi) ?? []) {
    if (new RegExp(`\\bname\\s*=\\s*["']${esc}["']`, 'i').test(tag)) {
      const v = /\bvalue\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
      return v ? decodeEntities(v[1] ?? v[2]) : '';
    }
  }
  return null;
}

/**
 * The inner HTML of the first element whose class list holds `cls` (nested elements of the same
 * tag are counted, so a div holding divs is returned whole), or null.
 */
export function elementByClass(html: string, cls: string, from = 0): { inner: string; end: number } | null {
  const open = new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\bclass\\s*=\\s*["'][^"']*(?<![\\w-])${cls.replace(/[-]/g, '\\-')}(?![\\w-])[^"']*["'][^>]*>`, 'gi');
  open.lastIndex = from;
  const m = open.exec(html);
  if (!m) return null;
  const tag = m[1].toLowerCase();
  const start = m.index + m[0].length;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  re.lastIndex = start;
  let depth = 1;
  for (let t = re.exec(html); t; t = re.exec(html)) {
    depth += t[1] ? -1 : t[0].endsWith('/>') ? 0 : 1;
    if (depth === 0) return { inner: html.slice(start, t.index), end: t.index + t[0].length };
  }
  return null;
}

/** Inner HTML of every element with the class, in order. */
export function elementsByClass(html: string, cls: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let e = elementByClass(html, cls, from); e; e = elementByClass(html, cls, from)) {
    out.push(e.inner);
    from = e.end;
  }
  return out;
}

/** Removes the first element with the class (e.g. a section title inside a section). */
export function withoutClass(html: string, cls: string): string {
  const open = new RegExp(`<[a-z][a-z0-9]*\\b[^>]*\\bclass\\s*=\\s*["'][^"']*(?<![\\w-])${cls.replace(/[-]/g, '\\-')}(?![\\w-])`, 'i');
  const m = open.exec(html);
  const e = elementByClass(html, cls);
  return m && e ? html.slice(0, m.index) + html.slice(e.end) : html;
}
