import katex from 'katex';
import 'katex/dist/katex.min.css';

/** KaTeX with its stylesheet: loaded by Markdown only for a text that contains maths. */
export function renderMath(src: string, displayMode: boolean): string {
  try {
    // trust: false renders \href/\url/\includegraphics/\htmlX as plain text, never as links or attributes.
    return katex.renderToString(src, { displayMode, throwOnError: false, output: 'html', trust: false, strict: 'ignore', maxSize: 50, maxExpand: 1000 });
  } catch {
    return src;
  }
}
