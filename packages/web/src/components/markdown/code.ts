import hljs from 'highlight.js/lib/common';
import 'highlight.js/styles/github.css';
import './hljs-dark.css';

/** highlight.js (its common languages) with its stylesheet: loaded by Markdown only for a text with fenced code. */
export function highlightCode(code: string, lang: string): string | null {
  return lang && hljs.getLanguage(lang) ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value : null;
}
