import { useMemo } from 'react';
import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import hljs from 'highlight.js/lib/common';
import DOMPurify from 'dompurify';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';
import { katexPlugin } from './katex-plugin';

const md: MarkdownItInstance = new MarkdownIt({
  html: true,
  linkify: true,
  breaks: false,
  highlight(code, lang) {
    const highlighted = lang && hljs.getLanguage(lang) ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value : md.utils.escapeHtml(code);
    return `<pre class="hljs"><code>${highlighted}</code></pre>`;
  },
}).use(katexPlugin);

/** Markdown to HTML; content by non-admin authors is sanitised (spec 01 §6). */
export function renderMarkdown(source: string, trusted: boolean): string {
  const html = md.render(source ?? '');
  return trusted ? html : DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/**
 * Renders markdown with KaTeX maths and highlighted code. `trusted` only for content written by
 * an admin; everything else goes through DOMPurify.
 */
export function Markdown({ source, trusted = false, className }: { source: string; trusted?: boolean; className?: string }) {
  const html = useMemo(() => renderMarkdown(source, trusted), [source, trusted]);
  return <div className={`markdown-body ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
