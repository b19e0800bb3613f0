import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { importLayersRule } from './scripts/eslint-import-layers.mjs';
import { apiImportZones } from './scripts/eslint-api-zones.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // A lost await in money code is a bug.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The browser app's layers, from the table `npm run check` reads too: app -> features ->
    // entities -> components/lib; no feature imports another; an entity is used through its index.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { imports: importLayersRule } } },
    rules: { 'layers/imports': ['error', { table: path.join(import.meta.dirname, 'apps/web/import-layers.json') }] },
  },
  {
    // apps/api: the import zones of the layers (docs/architecture.md, Layers; the whole graph is checked by
    // scripts/check-import-graph.mjs over apps/api/import-layers.json). Tests may reach further.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'api-layers': { rules: { 'import-zones': apiImportZones } } },
    rules: { 'api-layers/import-zones': 'error' },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked, languageOptions: { globals: globals.node } },
);
