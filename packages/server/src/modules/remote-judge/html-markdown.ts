/**
 * The HTML of a home site's statement as markdown for our problem model: paragraphs, line breaks,
 * bold/italic, headings, lists, code blocks, links and images (made absolute, so they keep
 * pointing at the home site), sub/superscripts kept as tags. Scripts and styles are dropped. The
 * result still goes through the one sanitising renderer when shown.
 */

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', le: '≤', ge: '≥', ne: '≠', times: '×',
  divide: '÷', plusmn: '±', middot: '·', hellip: '…', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’',
  ldquo: '“', rdquo: '”', copy: '©', deg: '°', sup2: '²', sup3: '³', frac12: '½', infin: '∞', sum: '∑',
  larr: '←', rarr: '→', uarr: '↑', darr: '↓', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', pi: 'π',
  sigma: 'σ', omega: 'ω', lambda: 'λ', mu: 'μ', epsilon: 'ε', theta: 'θ',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

/** Plain text of an HTML fragment: tags removed, <br> as newlines, entities decoded. */
export function htmlText(fragment: string): string {
  return decodeEntities(
    fragment
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3]) : null;
}

function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Characters that would start markdown syntax in running text; `$…$` and `$$…$$` (TeX) are left alone. */
function escapeText(s: string): string {
  return s
    .split(/(\$\$[^$]+\$\$|\$[^$]*\$)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/([\\`*_[\]])/g, '\\$1').replace(/</g, '&lt;')))
    .join('');
}

const BLOCK = new Set(['p', 'div', 'center', 'table', 'tr', 'ul', 'ol', 'blockquote', 'section', 'article', 'dl', 'dd', 'dt', 'hr']);

/**
 * Converts a statement fragment. `base` is the page's URL: relative image and link addresses are
 * resolved against it.
 */
export function htmlToMarkdown(fragment: string, base: string): string {
  const out: string[] = [];
  let pre = 0;
  let skip = 0;
  let code = false;
  const links: (string | null)[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  const tokens = fragment.replace(/<!--[\s\S]*?-->/g, '').split(/(<\/?[a-zA-Z][^>]*>)/);
  for (const token of tokens) {
    if (!token) continue;
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(token);
    if (!m) {
      if (skip) continue;
      const text = decodeEntities(token);
      out.push(pre ? text : code ? text.replace(/\s+/g, ' ').replace(/`/g, "'") : escapeText(text.replace(/\s+/g, ' ')));
      continue;
    }
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (name === 'script' || name === 'style') {
      skip += closing ? -1 : 1;
      skip = Math.max(skip, 0);
      continue;
    }
    if (skip) continue;
    if (name === 'pre') {
      if (closing) {
        pre = Math.max(pre - 1, 0);
        out.push('\n```\n\n');
      } else {
        pre++;
        out.push('\n\n```\n');
      }
      continue;
    }
    if (pre) {
      if (name === 'br') out.push('\n');
      continue; // other tags inside <pre> (font, div, span) carry no text of their own
    }
    switch (name) {
      case 'br':
        out.push('  \n');
        break;
      case 'b':
      case 'strong':
        out.push('**');
        break;
      case 'i':
      case 'em':
        out.push('*');
        break;
      case 'code':
      case 'tt':
        code = !closing;
        out.push('`');
        break;
      case 'sub':
      case 'sup':
        out.push(closing ? `</${name}>` : `<${name}>`);
        break;
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
        out.push(closing ? '\n\n' : `\n\n${'#'.repeat(Math.max(Number(name[1]), 3))} `);
        break;
      case 'img': {
        const src = attr(token, 'src');
        if (src) out.push(`![${(attr(token, 'alt') ?? '').replace(/[[\]]/g, '')}](${absolute(src, base).replace(/ /g, '%20')})`);
        break;
      }
      case 'a':
        if (closing) {
          const href = links.pop();
          if (href) out.push(`](${absolute(href, base).replace(/ /g, '%20')})`);
        } else {
          const href = attr(token, 'href');
          const usable = href && !/^(javascript|data):/i.test(href) ? href : null;
          links.push(usable);
          if (usable) out.push('[');
        }
        break;
      case 'ul':
      case 'ol':
        if (closing) lists.pop();
        else lists.push({ ordered: name === 'ol', n: 0 });
        out.push('\n\n');
        break;
      case 'li': {
        if (closing) break;
        const list = lists[lists.length - 1];
        const indent = '  '.repeat(Math.max(lists.length - 1, 0));
        out.push(`\n${indent}${list?.ordered ? `${++list.n}.` : '-'} `);
        break;
      }
      case 'td':
      case 'th':
        if (!closing) out.push(' ');
        break;
      default:
        if (BLOCK.has(name)) out.push('\n\n');
    }
  }
  return tidy(out.join(''));
}

/** Blank-line runs collapsed, trailing spaces dropped except markdown's two-space line breaks. */
function tidy(md: string): string {
  const lines = md.split('\n').map((l) => (/\S {2}$/.test(l) ? l.replace(/\s+$/, '  ') : l.replace(/\s+$/, '')));
  const kept: string[] = [];
  let fence = false;
  for (const line of lines) {
    if (line.startsWith('```')) fence = !fence;
    const l = fence || line.startsWith('```') ? line : line.replace(/^ (?=\S)/, '');
    if (!fence && l === '' && kept[kept.length - 1] === '') continue;
    kept.push(l);
  }
  return kept.join('\n').replace(/\*\*\s*\*\*/g, '').trim();
}
