import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// apps/api: where one folder of apps/api/src may import another, from the import's resolved path
// (so `../../x/routes.ts` from a subfolder is caught as well as `../x/routes.ts`).
const API_SRC = path.join(import.meta.dirname, 'apps/api/src');
const apiImportZones = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      belowModules: '{{from}} is below the modules: it may not import {{to}} (src/wiring.ts connects them).',
      throughIndex: "Use the {{module}} module through its index.ts, not {{to}}.",
      providerThroughIndex: "Use the {{capability}} provider through its index.ts, not {{to}}.",
    },
  },
  create(context) {
    const from = path.relative(API_SRC, context.filename).split(path.sep).join('/');
    if (from.startsWith('..')) return {};
    const [fromTop, fromModule] = from.split('/');
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
      const [top, name, ...rest] = to.split('/');
      if (top === 'modules' && ['lib', 'db', 'jobs', 'providers', 'plugins', 'events'].includes(fromTop))
        context.report({ node, messageId: 'belowModules', data: { from: fromTop, to } });
      else if (top === 'modules' && !(fromTop === 'modules' && fromModule === name) && rest.join('/') !== 'index.ts')
        context.report({ node, messageId: 'throughIndex', data: { module: name, to } });
      // A provider capability's files are its own; its index.ts chooses sandbox or live.
      else if (top === 'providers' && rest.length > 0 && !(fromTop === 'providers' && fromModule === name) && fromTop !== 'providers' && rest.join('/') !== 'index.ts')
        context.report({ node, messageId: 'providerThroughIndex', data: { capability: name, to } });
    };
    const source = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: source,
      ExportNamedDeclaration: source,
      ExportAllDeclaration: source,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

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
    // Shared code must not reach into features, nor one feature into another.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }] },
  },
  {
    // A web feature never reaches into another: shared pieces live in components/ or lib/.
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./[a-z]',
              message: "Import another feature's pieces through apps/web/src/components or lib, not from the feature.",
            },
          ],
        },
      ],
    },
  },
  {
    // apps/api: the import zones of the layers (docs/architecture.md, Layers; the whole graph is checked by
    // scripts/check-api-layers.mjs). Tests may reach further.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'api-layers': { rules: { 'import-zones': apiImportZones } } },
    rules: { 'api-layers/import-zones': 'error' },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked, languageOptions: { globals: globals.node } },
);
