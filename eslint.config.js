import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { noImportCycles } from './scripts/eslint/no-import-cycles.js';
import { noSqlInRoutes } from './scripts/eslint/no-sql-in-routes.js';

/** Verdict's own boundary rules (issue 29), in scripts/eslint/. */
const local = { rules: { 'no-import-cycles': noImportCycles, 'no-sql-in-routes': noSqlInRoutes } };

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
);
