import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as MarkdownImpl } from './Markdown';

// markdown-it, KaTeX (and its fonts), highlight.js and DOMPurify weigh more than the rest of a
// first page together: they load the first time a screen actually shows markdown.
const Impl = lazy(() => import('./Markdown').then((m) => ({ default: m.Markdown })));

/** The markdown renderer of `./Markdown`, loaded on first use (an empty block of the same class meanwhile). */
export function Markdown(props: ComponentProps<typeof MarkdownImpl>) {
  return (
    <Suspense fallback={<div className={`markdown-body ${props.className ?? ''}`} />}>
      <Impl {...props} />
    </Suspense>
  );
}
