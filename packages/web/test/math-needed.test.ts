import { describe, expect, it } from 'vitest';
import { needsMath } from '../src/components/markdown/math-needed';

// Issue 28 item 7: a statement of pre-rendered KaTeX HTML without `$` showed each formula three
// times (MathML text, TeX annotation, the HTML), because KaTeX's stylesheet was never loaded.
describe('when a statement loads KaTeX and its stylesheet', () => {
  it('loads it for $ maths and for KaTeX HTML without any $', () => {
    expect(needsMath('Sum $a+b$.')).toBe(true);
    const loj = '<p>Given <span class="katex"><span class="katex-mathml"><math><semantics><mi>n</mi><annotation encoding="application/x-tex">n</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">n</span></span> numbers.</p>';
    expect(needsMath(loj)).toBe(true);
    expect(needsMath("<span class='base katex-display'>x</span>")).toBe(true);
  });

  it('does not load it for plain text and HTML, even mentioning KaTeX', () => {
    expect(needsMath('<p class="note">Plain text about KaTeX and katex.</p>')).toBe(false);
    expect(needsMath('no maths here')).toBe(false);
  });
});
