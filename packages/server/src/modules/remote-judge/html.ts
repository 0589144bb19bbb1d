/**
 * Small helpers to read the home sites' HTML: their pages are machine-generated with stable
 * markers (class names, hidden inputs), so targeted patterns are enough and keep the module free
 * of a DOM library. Statements become markdown; images stay links to the home site.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', laquo: '«', raquo: '»', mdash: '—', ndash: '–', hellip: '…', le: '≤', ge: '≥', ne: '≠', times: '×' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

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

/**
 * Statement HTML → markdown: paragraphs, line breaks, bold/italic, code, lists, images (kept as
 * absolute links to the home site) and links. TeX written as $$$x$$$ (Codeforces) becomes $x$.
 */
export function htmlToMarkdown(html: string, baseUrl: string): string {
  const abs = (src: string) => {
    try {
      return new URL(decodeEntities(src), baseUrl.endsWith('/') ? baseUrl : baseUrl + '/').href;
    } catch {
      return src;
    }
  };
  let s = html.replace(/\r/g, '');
  s = s.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '');
  s = s.replace(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi, (_, body: string) => `\n\n\`\`\`\n${textOf(body).replace(/\n+$/, '')}\n\`\`\`\n\n`);
  s = s.replace(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi, (_, src: string) => `![](${abs(src)})`);
  s = s.replace(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => `[${textOf(text).trim()}](${abs(href)})`);
  s = s.replace(/<(b|strong)\b[^>]*>([\s\S]*?)<\/\1>/gi, '**$2**');
  s = s.replace(/<(i|em)\b[^>]*>([\s\S]*?)<\/\1>/gi, '*$2*');
  s = s.replace(/<(tt|code)\b[^>]*>([\s\S]*?)<\/\1>/gi, '`$2`');
  s = s.replace(/<li\b[^>]*>/gi, '\n- ');
  s = s.replace(/<br\s*\/?>/gi, '  \n');
  s = s.replace(/<\/?(p|div|ul|ol|center|h\d|table|tr)\b[^>]*>/gi, '\n\n');
  s = s.replace(/<[^>]+>/g, '');
  s = decodeEntities(s);
  s = s.replace(/\$\$\$\$\$\$([\s\S]+?)\$\$\$\$\$\$/g, '$$$$$1$$$$').replace(/\$\$\$([\s\S]+?)\$\$\$/g, '$$$1$$');
  return s.split('\n').map((l) => l.replace(/[ \t]+$/g, (m) => (m === '  ' ? m : ''))).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
