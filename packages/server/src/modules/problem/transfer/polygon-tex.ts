/**
 * Polygon statements are written in a small LaTeX dialect (olymp.sty). This turns it into our
 * markdown: maths stays as `$…$` / `$$…$$` for KaTeX, text commands become markdown, lists
 * become markdown lists, images become `![](name)` links the reader replaces with stored images.
 */

/** Text commands with one argument and the markdown they become. */
const WRAP: [RegExp, (s: string) => string][] = [
  [/\\(?:textbf|bf)\{([^{}]*)\}/g, (s) => `**${s}**`],
  [/\\(?:textit|emph|it)\{([^{}]*)\}/g, (s) => `*${s}*`],
  [/\\(?:texttt|tt|t)\{([^{}]*)\}/g, (s) => `\`${s}\``],
  [/\\(?:underline|textsc|textsf|textrm|textsl|mbox|hbox)\{([^{}]*)\}/g, (s) => s],
  [/\\url\{([^{}]*)\}/g, (s) => `<${s}>`],
];

/** Plain-text part (no maths): commands, quotes, dashes and lists to markdown. */
function textToMarkdown(s: string): string {
  let out = s.replace(/(^|[^\\])%.*$/gm, '$1');
  out = out.replace(/\\includegraphics(?:\[[^\]]*\])?\{([^{}]*)\}/g, (_, f: string) => `![](${f.trim()})`);
  out = out.replace(/\\href\{([^{}]*)\}\{([^{}]*)\}/g, (_, u: string, t: string) => `[${t}](${u})`);
  for (let prev = ''; prev !== out;) {
    prev = out;
    for (const [re, f] of WRAP) out = out.replace(re, (_, x: string) => f(x));
  }
  out = listsToMarkdown(out);
  out = out.replace(/\\(?:begin|end)\{(?:center|flushleft|flushright|problem|tutorial)\}(\{[^{}]*\})*/g, '')
    .replace(/\\(?:bigskip|medskip|smallskip|noindent|newline|linebreak|centering|hfill|vfill)\b\s*/g, '')
    .replace(/\\par\b\s*/g, '\n\n')
    .replace(/\\\\\s*/g, '  \n')
    .replace(/\\(?:ldots|dots)\b\s?/g, '…')
    .replace(/---/g, '—').replace(/--/g, '–')
    .replace(/<<|``/g, (m) => (m === '<<' ? '«' : '“')).replace(/>>|''/g, (m) => (m === '>>' ? '»' : '”'))
    .replace(/~/g, ' ')
    .replace(/\\([%&_#{}])/g, '$1');
  return out;
}

/** itemize / enumerate environments to `- ` / `1. ` lines, nested by indentation. */
function listsToMarkdown(s: string): string {
  const stack: ('-' | '1.')[] = [];
  return s.replace(/\\begin\{(itemize|enumerate)\}|\\end\{(?:itemize|enumerate)\}|\s*\\item\b\s*/g, (m, kind: string | undefined) => {
    if (kind) { stack.push(kind === 'itemize' ? '-' : '1.'); return '\n'; }
    if (m.startsWith('\\end')) { stack.pop(); return '\n'; }
    const depth = Math.max(0, stack.length - 1);
    return `\n${'   '.repeat(depth)}${stack[stack.length - 1] ?? '-'} `;
  });
}

/** LaTeX → markdown, maths kept verbatim (`\[…\]` and `\(…\)` become `$$…$$` and `$…$`). */
export function texToMarkdown(tex: string): string {
  const parts: string[] = [];
  const math = /\$\$[\s\S]*?\$\$|\\\[[\s\S]*?\\\]|\\\([\s\S]*?\\\)|(?<!\\)\$(?:\\\$|[^$])+?\$/g;
  let last = 0;
  for (const m of tex.matchAll(math)) {
    parts.push(textToMarkdown(tex.slice(last, m.index)));
    const t = m[0];
    parts.push(t.startsWith('\\[') ? `$$${t.slice(2, -2)}$$` : t.startsWith('\\(') ? `$${t.slice(2, -2)}$` : t);
    last = m.index + t.length;
  }
  parts.push(textToMarkdown(tex.slice(last)));
  return parts.join('').replace(/[ \t]+\n/g, (m) => (m.startsWith('  ') ? '  \n' : '\n')).replace(/\n{3,}/g, '\n\n').trim();
}

/** One statement's parts in our fields (markdown), and its samples when the statement names them. */
export interface StatementParts { name: string; legend: string; input: string; output: string; notes: string; examples: { input: string; output: string }[] }

/** The `{…}` argument starting at `s[i] === '{'`, balanced; null when unbalanced. */
function braced(s: string, i: number): { arg: string; end: number } | null {
  if (s[i] !== '{') return null;
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '\\') { j++; continue; }
    if (s[j] === '{') depth++;
    else if (s[j] === '}' && --depth === 0) return { arg: s.slice(i + 1, j), end: j + 1 };
  }
  return null;
}

/**
 * A whole `problem.tex` of olymp.sty: `\begin{problem}{name}{in}{out}{time}{memory}`, the legend,
 * then `\InputFile`, `\OutputFile`, `\Example(s)` with `\exmp{in}{out}`, `\Note(s)`.
 */
export function readProblemTex(tex: string): StatementParts {
  const begin = /\\begin\{problem\}/.exec(tex);
  let name = '';
  let body = tex;
  if (begin) {
    const n = braced(tex, begin.index + begin[0].length);
    name = n?.arg.trim() ?? '';
    body = tex.slice(n?.end ?? begin.index + begin[0].length).replace(/^(\s*\{[^{}]*\})*/, '');
  }
  body = body.replace(/\\end\{problem\}[\s\S]*$/, '');
  const examples: { input: string; output: string }[] = [];
  for (const m of body.matchAll(/\\exmp(?:file)?\s*(?=\{)/g)) {
    const a = braced(body, m.index + m[0].length);
    const b = a ? braced(body, a.end) : null;
    if (a && b) examples.push({ input: a.arg.replace(/^\n/, ''), output: b.arg.replace(/^\n/, '') });
  }
  const cut = body.split(/\\(InputFile|OutputFile|Examples?|Notes?|Scoring|Interaction)\b/);
  const sections: Record<string, string> = { legend: cut[0] };
  for (let i = 1; i < cut.length; i += 2) {
    const key = cut[i].replace(/s$/, '');
    const text = key === 'Example' ? '' : cut[i + 1];
    sections[key] = sections[key] ? `${sections[key]}\n\n${text}` : text;
  }
  const md = (s: string | undefined) => texToMarkdown((s ?? '').replace(/\\begin\{example\}[\s\S]*?\\end\{example\}/g, ''));
  const notes = [md(sections.Interaction), md(sections.Scoring), md(sections.Note)].filter(Boolean).join('\n\n');
  return { name: texToMarkdown(name), legend: md(sections.legend), input: md(sections.InputFile), output: md(sections.OutputFile), notes, examples };
}
