/**
 * A small XML reader for problem exchange files (FPS): elements, attributes, text, CDATA,
 * comments and the five named entities plus numeric ones. No namespaces; a DOCTYPE with an
 * internal subset (entity declarations: the "billion laughs" bomb) is refused, never half-read.
 */
export interface XmlElement { name: string; attrs: Record<string, string>; children: (XmlElement | string)[] }

const decode = (s: string) => s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
  if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[e];
});

export class XmlError extends Error {}
/** The document declares a DTD with an internal subset (entities): refused, not read with its entities left as text. */
export class XmlDtdError extends XmlError {}

export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#root', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let i = 0;
  const top = () => stack[stack.length - 1];
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) { top().children.push(decode(text.slice(i))); break; }
    if (lt > i) top().children.push(decode(text.slice(i, lt)));
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end < 0) throw new XmlError('unterminated CDATA section');
      top().children.push(text.slice(lt + 9, end));
      i = end + 3;
    } else if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt);
      if (end < 0) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (/^<!DOCTYPE[^>[]*\[/i.test(text.slice(lt, lt + 4096))) {
      throw new XmlDtdError('a DOCTYPE with entity declarations is not allowed');
    } else if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      const end = text.indexOf('>', lt);
      if (end < 0) throw new XmlError('unterminated declaration');
      i = end + 1;
    } else if (text[lt + 1] === '/') {
      const end = text.indexOf('>', lt);
      const name = text.slice(lt + 2, end).trim();
      if (end < 0 || top().name !== name) throw new XmlError(`unexpected closing tag </${name}>`);
      stack.pop();
      i = end + 1;
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(text.slice(lt, lt + 4096));
      if (!m) throw new XmlError(`malformed tag near offset ${lt}`);
      const el: XmlElement = { name: m[1], attrs: {}, children: [] };
      for (const a of m[2].matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) el.attrs[a[1]] = decode(a[2] ?? a[3] ?? '');
      top().children.push(el);
      if (!m[3]) stack.push(el);
      i = lt + m[0].length;
    }
  }
  if (stack.length !== 1) throw new XmlError(`unclosed tag <${top().name}>`);
  return root;
}

export const childElements = (el: XmlElement, name?: string) =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string' && (!name || c.name === name));
export const textOf = (el: XmlElement | undefined): string =>
  !el ? '' : el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
