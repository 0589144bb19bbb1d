import fs from 'node:fs';
import path from 'node:path';

/**
 * ESLint rule: no import cycles between a package's source files, type-only imports included (a
 * type cycle still ties two modules together: neither can move or be read alone). Relative
 * imports only: packages depend on each other through their entries, which have no way back.
 * The graph of a source tree is read once per lint run (kept a few seconds for editors).
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const graphs = new Map();

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(c) && fs.existsSync(c)) return c;
  }
  return undefined;
}

function sourceRoot(file) {
  const i = file.lastIndexOf(`${path.sep}src${path.sep}`);
  return i < 0 ? undefined : file.slice(0, i + 4);
}

/** file -> the files it imports (relative imports resolved to sources). */
function graphOf(root) {
  const kept = graphs.get(root);
  if (kept && Date.now() - kept.at < 5000) return kept.edges;
  const edges = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        const text = fs.readFileSync(p, 'utf8');
        const to = new Set();
        for (const m of text.matchAll(IMPORT)) {
          const target = resolve(p, m[1] ?? m[2] ?? m[3]);
          if (target) to.add(target);
        }
        edges.set(p, to);
      }
    }
  };
  walk(root);
  graphs.set(root, { at: Date.now(), edges });
  return edges;
}

/** A path of imports from `start` back to `goal`, if there is one. */
function pathBack(edges, start, goal) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const f = queue.shift();
    if (f === goal) {
      const chain = [];
      for (let x = f; x; x = prev.get(x)) chain.unshift(x);
      return chain;
    }
    for (const n of edges.get(f) ?? []) if (!prev.has(n)) { prev.set(n, f); queue.push(n); }
  }
  return undefined;
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between source files (type-only imports included)' },
    messages: { cycle: 'Import cycle: {{chain}}' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = sourceRoot(file);
    if (!root) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(file, spec);
      if (!target) return;
      const back = pathBack(graphOf(root), target, file);
      if (back) context.report({ node, messageId: 'cycle', data: { chain: [file, ...back].map((f) => path.relative(root, f)).join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
