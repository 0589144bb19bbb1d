import { describe, expect, it } from 'vitest';
import { markdownPlainText } from '../src/lib/markdown-text';

// Issue 26 item 14: message previews showed raw Markdown (**, #, [text](url), fences).
describe('markdown plain text for previews', () => {
  it('keeps the words of headings, emphasis, links, images, lists, quotes and code', () => {
    expect(markdownPlainText('# Title\n\n**Bold** and *it* and ~~gone~~ see [the docs](https://x.y/z)')).toBe('Title Bold and it and gone see the docs');
    expect(markdownPlainText('![a cat](/public/md/cat.png)\n> quoted\n- one\n2. two')).toBe('a cat quoted one two');
    expect(markdownPlainText('Use `a_b_c` here:\n```cpp\nint main() {}\n```')).toBe('Use a_b_c here: int main() {}');
    expect(markdownPlainText('$x^2$ is <b>bold</b> & snake_case_name stays')).toBe('x^2 is bold & snake_case_name stays');
  });

  it('tolerates an excerpt cut in the middle of a fence or a link', () => {
    expect(markdownPlainText('Look:\n```py\nprint(1)')).toBe('Look: print(1)');
    expect(markdownPlainText('See [here](https://exa...')).toBe('See here');
  });
});
