import { memo, use } from 'react';
import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import { katexPlugin } from './katex-plugin';
import { needsMath } from './math-needed';
import { sanitizeHtml } from './sanitize';

// KaTeX (with its fonts) and highlight.js weigh more than markdown-it and the sanitiser together:
// each loads (once) only when a text needs it, maths (a dollar sign or KaTeX HTML) or a fence for code.
type Extras = { math: typeof import('./math').renderMath | null; code: typeof import('./code').highlightCode | null };
const extras: Extras = { math: null, code: null };
let mathLoad: Promise<void> | null = null;
let codeLoad: Promise<void> | null = null;
const loadMath = () => (mathLoad ??= import('./math').then((m) => void (extras.math = m.renderMath)));
const loadCode = () => (codeLoad ??= import('./code').then((m) => void (extras.code = m.highlightCode)));

const md: MarkdownItInstance = new MarkdownIt({
  html: true,
  linkify: true,
  breaks: false,
  highlight(code, lang) {
    const highlighted = (extras.code && extras.code(code, lang)) ?? md.utils.escapeHtml(code);
    return `<pre class="hljs"><code>${highlighted}</code></pre>`;
  },
}).use(katexPlugin, () => extras.math ?? ((src: string) => md.utils.escapeHtml(src)));

/** What `source` still needs loaded before it renders as it should (null: nothing). */
export function markdownNeeds(source: string): Promise<unknown> | null {
  const wait: Promise<void>[] = [];
  if (!extras.math && needsMath(source)) wait.push(loadMath());
  if (!extras.code && /(^|\n)[ \t]*(```|~~~)/.test(source)) wait.push(loadCode());
  return wait.length ? Promise.all(wait) : null;
}

/**
 * Markdown (with raw HTML, as imported statements are HTML) to sanitised HTML. Every author,
 * admins included, goes through the same sanitiser: there is no trusted path (issue 9). Call
 * `await markdownNeeds(source)` first for maths and code to render (Markdown does).
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(md.render(source ?? ''));
}

/**
 * Renders markdown with KaTeX maths and highlighted code, always sanitised (suspends while those load).
 * No hook after the conditional `use`: when the extras arrive during a render, React replays the
 * component without the `use` call, and a hook there (a useMemo) made it fail with "Update hook called
 * on initial render" (React #467, about one cold load in five of a problem page, which then loaded the
 * route error screen). `memo` keeps a parent's re-render from rendering the same text again.
 */
export const Markdown = memo(function Markdown({ source, className }: { source: string; className?: string }) {
  const pending = markdownNeeds(source ?? '');
  if (pending) use(pending);
  const html = renderMarkdown(source);
  return <div className={`markdown-body ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
});
