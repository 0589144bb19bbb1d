import { describe, expect, it } from 'vitest';
import { opensCard } from '../src/lib/card-click';

/** A stand-in element: `inside` lists the selectors an ancestor (or itself) matches. */
const el = (inside: string[]) => ({ closest: (s: string) => (s.split(',').map((x) => x.trim()).some((x) => inside.includes(x)) ? {} : null) });

// Issue 26 item 14: discussion and group cards open from anywhere on the card.
describe('card clicks', () => {
  it('open the card from its text and blank space', () => {
    expect(opensCard(el(['div']))).toBe(true);
  });
  it('leave links, buttons and tags inside it to themselves, and a text selection alone', () => {
    expect(opensCard(el(['a']))).toBe(false);
    expect(opensCard(el(['button']))).toBe(false);
    expect(opensCard(el(['.ant-tag']))).toBe(false);
    expect(opensCard(el(['div']), 'copied words')).toBe(false);
  });
});
