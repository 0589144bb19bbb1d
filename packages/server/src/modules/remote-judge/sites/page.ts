/**
 * Small helpers the HTML-scraping adapters (HDU, POJ, SPOJ) share: reading a required piece of a
 * page (or calling the page garbage), sample text, limits, and the language-table check.
 */
import { RemoteJudgeError } from '../adapter.js';
import { htmlText } from '../html-markdown.js';

/** The first capture group of `re` in `text`, or a 'garbage' error naming what was missing. */
export function must(re: RegExp, text: string, site: string, what: string): string {
  const m = re.exec(text);
  if (!m) throw new RemoteJudgeError('garbage', `${site} answered a page without ${what}; the site may have changed its layout`);
  return m[1];
}

/** Sample text from a <pre>/<div> fragment: tags out, entities decoded, CRLF and trailing blanks normalised. */
export function sampleText(fragment: string): string {
  return htmlText(fragment).replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, '') + '\n';
}

/** The site's compiler id for one of our language names, or 'unsupportedLanguage'. */
export function siteLanguage(table: Readonly<Record<string, string>>, language: string, site: string): string {
  const id = table[language];
  if (id === undefined) {
    throw new RemoteJudgeError('unsupportedLanguage', `${site} has no compiler for ${language}; supported: ${Object.keys(table).join(', ')}`);
  }
  return id;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A positive integer from a page, or 'garbage'. */
export function intOf(s: string, site: string, what: string): number {
  const n = Number(s.trim());
  if (!Number.isFinite(n) || n < 0) throw new RemoteJudgeError('garbage', `${site} showed ${what} as "${s.trim().slice(0, 40)}"`);
  return n;
}

/** The number a cell starts with ("15MS", "1748K"), or undefined for an empty cell. */
export function leadingInt(cell: string): number | undefined {
  const m = /^\s*(\d+)/.exec(cell);
  return m ? Number(m[1]) : undefined;
}
