import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Strings travel with the code that shows them (issue 12, first visit). Every
 * `src/features/**\/locale.ts` and `src/components/**\/locale.ts` still default-exports a
 * LocaleBundle whose top-level keys are its namespaces (`home`, `adminProblem`, ...). Instead of
 * merging all of them into the first bundle, this plugin looks at each source module for string
 * literals that start with a namespace (`'home.title'`, `` `status.${x}` ``) and adds to that
 * module an import of the locale files defining those namespaces, registered with `addLocale`
 * (src/i18n/bundles.ts) when the module is evaluated: before anything in it renders. A lazily
 * loaded screen thus brings its own strings in its own chunk, and a new feature still only adds a
 * locale.ts. (A key built at run time from parts that name no namespace is not seen: the i18n
 * module then loads every bundle when a key is missing, see src/i18n/index.ts.)
 */
export function localeWithCode(): Plugin {
  let srcDir = '';
  /** namespace -> locale files defining it */
  let owners = new Map<string, string[]>();
  let pattern: RegExp | null = null;

  async function scan() {
    owners = new Map();
    const files = (fs.readdirSync(srcDir, { recursive: true }) as string[])
      .filter((f) => /(^|\/)(features|components)\/(.+\/)?locale\.ts$/.test(f.split(path.sep).join('/')))
      .map((f) => path.join(srcDir, f));
    for (const file of files) {
      for (const ns of await namespacesOf(file)) owners.set(ns, [...(owners.get(ns) ?? []), file]);
    }
    const names = [...owners.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[^A-Za-z0-9_-]/g, ''));
    // A quote or backtick, a namespace, a dot and a key character: 'home.title', `status.${code}`.
    pattern = names.length ? new RegExp(`['"\`](${names.join('|')})\\.[A-Za-z_$]`, 'g') : null;
  }

  return {
    name: 'verdict-locale-with-code',
    enforce: 'pre',
    async configResolved(config) {
      srcDir = path.resolve(config.root, 'src');
      await scan();
    },
    async watchChange(id) {
      if (/\/locale\.ts$/.test(id)) await scan();
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!pattern || !file.startsWith(srcDir + path.sep) || !/\.(ts|tsx)$/.test(file)) return null;
      if (/\/locale\.ts$/.test(file) || file.startsWith(path.join(srcDir, 'i18n') + path.sep)) return null;
      const needed = new Set<string>();
      for (const m of code.matchAll(pattern)) for (const f of owners.get(m[1]) ?? []) needed.add(f);
      if (!needed.size) return null;
      const bundles = path.join(srcDir, 'i18n', 'bundles.ts');
      const head = [...needed].sort().map((f, i) => `import __verdictLocale${i} from ${JSON.stringify(f)};`);
      head.push(`import { addLocale as __verdictAddLocale } from ${JSON.stringify(bundles)};`);
      head.push(`__verdictAddLocale(${[...needed].map((_f, i) => `__verdictLocale${i}`).join(', ')});`);
      // Put in front of the first line, so every other line keeps its number.
      return { code: `${head.join(' ')} ${code}`, map: null };
    },
  };
}

/** The top-level keys of the zh-CN half of a locale file (it imports nothing but types). */
async function namespacesOf(file: string): Promise<string[]> {
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as { default: Record<string, Record<string, unknown>> };
  return Object.keys(mod.default['zh-CN'] ?? {});
}
