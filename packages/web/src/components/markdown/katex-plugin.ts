import type { MarkdownIt } from 'markdown-it';

type MathRenderer = (src: string, displayMode: boolean) => string;

/**
 * `$inline$` and `$$display$$` maths (escaped `\$` stays a dollar), rendered by `render` (KaTeX,
 * see ./math.ts, which Markdown loads before it renders a text with a dollar in it).
 */
export function katexPlugin(md: MarkdownIt, render: () => MathRenderer) {
  md.inline.ruler.after('escape', 'math_inline', (state, silent) => {
    const start = state.pos;
    if (state.src[start] !== '$') return false;
    const display = state.src[start + 1] === '$';
    const open = display ? 2 : 1;
    let end = start + open;
    while (end < state.posMax) {
      if (state.src[end] === '\\') {
        end += 2;
        continue;
      }
      if (state.src.startsWith(display ? '$$' : '$', end)) break;
      end++;
    }
    if (end >= state.posMax || end === start + open) return false;
    const content = state.src.slice(start + open, end);
    if (!display && /^\s|\s$/.test(content)) return false;
    if (!silent) {
      const token = state.push(display ? 'math_block_inline' : 'math_inline', 'math', 0);
      token.content = content;
    }
    state.pos = end + open;
    return true;
  });
  md.block.ruler.after('blockquote', 'math_block', (state, startLine, endLine, silent) => {
    const pos = state.bMarks[startLine] + state.tShift[startLine];
    const max = state.eMarks[startLine];
    if (!state.src.startsWith('$$', pos)) return false;
    const firstLine = state.src.slice(pos + 2, max);
    if (silent) return true;
    let content: string;
    let next = startLine;
    if (firstLine.trim().endsWith('$$') && firstLine.trim().length > 2) {
      content = firstLine.trim().slice(0, -2);
    } else {
      const lines = [firstLine];
      let found = false;
      while (++next < endLine) {
        const line = state.src.slice(state.bMarks[next] + state.tShift[next], state.eMarks[next]);
        if (line.trim().endsWith('$$')) {
          lines.push(line.trim().slice(0, -2));
          found = true;
          break;
        }
        lines.push(line);
      }
      if (!found) return false;
      content = lines.join('\n');
    }
    state.line = next + 1;
    const token = state.push('math_block', 'math', 0);
    token.block = true;
    token.content = content;
    token.map = [startLine, state.line];
    return true;
  });
  md.renderer.rules.math_inline = (tokens, idx) => render()(tokens[idx].content, false);
  md.renderer.rules.math_block_inline = (tokens, idx) => render()(tokens[idx].content, true);
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-block">${render()(tokens[idx].content, true)}</div>\n`;
}
