import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { noImportCycles } from './scripts/eslint/no-import-cycles.js';
import { noSqlInRoutes } from './scripts/eslint/no-sql-in-routes.js';

/** Verdict's own boundary rules (issue 29), in scripts/eslint/. */
const local = { rules: { 'no-import-cycles': noImportCycles, 'no-sql-in-routes': noSqlInRoutes } };

/**
 * Web client boundaries (issue 29). A feature imports another only through its public entry
 * (`features/<x>/index.ts`); static imports only: a lazily loaded screen (`import('../x/Screen')`)
 * keeps its own chunk. A stylesheet (.css) is not code and may be shared. app/ composes features
 * through their entries; components/, lib/, stores/ and i18n/ sit below the features and import none.
 * Query keys are built only in the api files (features' api.ts or api/*.ts; stores/site.ts owns the
 * site config's): elsewhere no `queryKey` property and no literal key passed to the query cache.
 */
const web = 'packages/web/src';
const deepInto = (up) => ({
  // `up` levels reach the features folder: `<up>x` or `<up>x/index` is the entry, anything deeper is not.
  regex: `^${up.replace(/\./g, '\\.')}[a-z0-9-]+/(?!index$).+(?<!\\.css)$`,
  message: "Import another feature through its public entry ('../<feature>'), not its files.",
});
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const webBoundaries = [
  { files: [`${web}/features/*/*.{ts,tsx}`], rules: restrictImports([deepInto('../')]) },
  { files: [`${web}/features/*/*/*.{ts,tsx}`], rules: restrictImports([deepInto('../../')]) },
  { files: [`${web}/features/*/*/*/*.{ts,tsx}`], rules: restrictImports([deepInto('../../../')]) },
  {
    files: [`${web}/app/**/*.{ts,tsx}`],
    rules: restrictImports([{ regex: '(^|/)features/[a-z0-9-]+/(?!index$).+', message: "app/ uses a feature through its public entry ('features/<feature>')." }]),
  },
  {
    files: [`${web}/{components,lib,stores,i18n}/**/*.{ts,tsx}`],
    rules: restrictImports([{ regex: '(^|/)features(/|$)', message: 'Shared layers sit below the features: move the piece here or pass it in.' }]),
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/features/**/api.ts`, `${web}/features/**/api/*.ts`, `${web}/stores/site.ts`],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "Property[key.name='queryKey']", message: "Query keys live in the feature's api file: use its query options (useQuery(xxxQuery(...))) or its invalidate helpers." },
        { selector: "CallExpression[callee.property.name=/^(set|get)Quer(y|ies)Data$/] > ArrayExpression", message: "Use the key from the feature's api file (xxxKeys), not a literal key." },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  { plugins: { local } },
  // Boundaries: no import cycles inside a package's sources, type-only imports included.
  { files: ['packages/*/src/**/*.{ts,tsx}'], rules: { 'local/no-import-cycles': 'error' } },
  // Boundaries: a file that registers routes reads the request and answers; SQL lives in the domain's service or repo files.
  { files: ['packages/server/src/**/*.ts'], rules: { 'local/no-sql-in-routes': 'error' } },
  ...webBoundaries,
);
