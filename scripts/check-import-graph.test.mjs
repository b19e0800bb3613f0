import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { checkImportGraph, findCycles, loadLayerTable } from './check-import-graph.mjs';
import { importLayersRule } from './eslint-import-layers.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// The web app's table, laid over small trees written for each test.
const webTable = JSON.parse(fs.readFileSync(path.join(repo, 'apps/web/import-layers.json'), 'utf8'));

/** A layered tree that follows the table; `extra` adds or replaces files to break it. */
const goodTree = {
  'main.tsx': "import { App } from './app/app.tsx';\nApp();\n",
  'app/app.tsx': "export const App = () => import('../features/payments/pages/payments-page.tsx');\n",
  'features/payments/pages/payments-page.tsx':
    "import { usePayments, type PaymentRow } from '../../../entities/payments/index.ts';\nimport { DataTable } from '../../../components/data-table.tsx';\nexport default function Page(): PaymentRow[] { DataTable(); return usePayments(); }\n",
  'features/invoices/pages/invoices-page.tsx':
    "import { formatCents } from '../../../lib/format.ts';\nexport default () => formatCents(1);\n",
  'entities/payments/index.ts': "export { usePayments, type PaymentRow } from './api/payments.ts';\n",
  'entities/payments/api/payments.ts':
    "import { creatorName } from '../../creators/index.ts';\nimport { api } from '../../../lib/api-client.ts';\nexport type PaymentRow = { id: string };\nexport const usePayments = (): PaymentRow[] => { api(); creatorName(); return []; };\n",
  'entities/creators/index.ts': "export { creatorName } from './api/creators.ts';\n",
  'entities/creators/api/creators.ts': "export const creatorName = () => 'Ada';\n",
  'components/data-table.tsx': "import { formatCents } from '../lib/format.ts';\nexport const DataTable = () => formatCents(0);\n",
  'lib/format.ts': 'export const formatCents = (cents: number) => String(cents);\n',
  'lib/api-client.ts': "import { formatCents } from './format.ts';\nexport const api = () => formatCents(0);\n",
};

let trees = 0;
function writeTree(extra = {}) {
  const dir = path.join(scratch, `tree-${trees++}`);
  for (const [file, text] of Object.entries({ ...goodTree, ...extra })) {
    fs.mkdirSync(path.dirname(path.join(dir, 'src', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', file), text);
  }
  const tablePath = path.join(dir, 'import-layers.json');
  fs.writeFileSync(tablePath, JSON.stringify(webTable));
  return tablePath;
}

const problemsOf = (extra) => checkImportGraph(loadLayerTable(writeTree(extra)));

describe('check-import-graph', () => {
  it('passes a tree whose imports run app -> features -> entities -> components/lib', () => {
    expect(problemsOf()).toEqual([]);
  });

  it('fails on a deliberate import up a layer: shared UI reaching into an entity', () => {
    const problems = problemsOf({
      'components/data-table.tsx':
        "import { usePayments } from '../entities/payments/index.ts';\nexport const DataTable = () => usePayments();\n",
    });
    expect(problems).toContain(
      'components/data-table.tsx:1: components/lib may not import entities (a higher layer): entities/payments/index.ts',
    );
  });

  it('counts type-only imports, re-exports and dynamic imports', () => {
    const problems = problemsOf({
      'lib/types.ts': "import type { PaymentRow } from '../entities/payments/index.ts';\nexport type Rows = PaymentRow[];\n",
      'lib/again.ts': "export { formatCents } from '../features/invoices/pages/invoices-page.tsx';\n",
      'lib/later.ts': "export const later = () => import('../app/app.tsx');\n",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'lib/types.ts:1: components/lib may not import entities (a higher layer): entities/payments/index.ts',
        'lib/again.ts:1: components/lib may not import features (a higher layer): features/invoices/pages/invoices-page.tsx',
        'lib/later.ts:1: components/lib may not import app (a higher layer): app/app.tsx',
      ]),
    );
  });

  it('refuses a feature importing another feature', () => {
    const problems = problemsOf({
      'features/invoices/pages/invoices-page.tsx': "import Page from '../../payments/pages/payments-page.tsx';\nexport default Page;\n",
    });
    expect(problems).toEqual([
      'features/invoices/pages/invoices-page.tsx:1: features/invoices may not import features/payments: features/payments/pages/payments-page.tsx',
    ]);
  });

  it('refuses reaching past an entity’s index.ts, from a feature or another entity', () => {
    const problems = problemsOf({
      'features/invoices/pages/invoices-page.tsx':
        "import { usePayments } from '../../../entities/payments/api/payments.ts';\nexport default usePayments;\n",
      'entities/creators/api/creators.ts':
        "import type { PaymentRow } from '../../payments/api/payments.ts';\nexport const creatorName = (_row?: PaymentRow) => 'Ada';\n",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'features/invoices/pages/invoices-page.tsx:1: use entities/payments through index.ts, not entities/payments/api/payments.ts',
        'entities/creators/api/creators.ts:1: use entities/payments through index.ts, not entities/payments/api/payments.ts',
      ]),
    );
  });

  it('finds a cycle between entities even through their indexes', () => {
    const problems = problemsOf({
      'entities/creators/api/creators.ts':
        "import type { PaymentRow } from '../../payments/index.ts';\nexport const creatorName = (_row?: PaymentRow) => 'Ada';\n",
    });
    expect(problems).toEqual(['import cycle: entities/creators -> entities/payments -> entities/creators']);
  });

  it('reports an import that names no file, and a file in no layer', () => {
    const problems = problemsOf({
      'lib/broken.ts': "export { gone } from './gone.ts';\n",
      'widgets/clock.tsx': 'export const Clock = () => null;\n',
    });
    expect(problems).toEqual(
      expect.arrayContaining(["lib/broken.ts:1: cannot resolve './gone.ts'", 'widgets/clock.tsx: in no layer of the table']),
    );
  });

  it('exits 1 from the command line on a bad tree, naming the import', () => {
    const table = writeTree({
      'lib/format.ts': "import '../features/invoices/pages/invoices-page.tsx';\nexport const formatCents = String;\n",
    });
    const run = spawnSync(process.execPath, [path.join(repo, 'scripts/check-import-graph.mjs'), table], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('lib/format.ts:1: components/lib may not import features (a higher layer)');
  });

  it('finds two files of one unit in a circle, a lazily loaded part importing a type back included', () => {
    const problems = problemsOf({
      'components/chart.tsx':
        "import { lazy } from 'react';\nexport type Series = number[];\nexport const Bars = lazy(() => import('./bars.tsx'));\n",
      'components/bars.tsx': "import type { Series } from './chart.tsx';\nexport default (series: Series) => series;\n",
    });
    expect(problems).toEqual(['file cycle: components/bars.tsx -> components/chart.tsx -> components/bars.tsx']);
  });

  it('holds for both apps, as npm run check runs it, and fails it on one bad import in either', () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/check-import-graph.mjs', 'apps/api/import-layers.json', 'apps/web/import-layers.json'],
      { cwd: repo, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/apps\/api\/src: .*no cycles\.\napps\/web\/src: .*no cycles\./);
    expect(run.status).toBe(0);
    const npmCheck = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts.check;
    expect(npmCheck).toContain('node scripts/check-import-graph.mjs apps/api/import-layers.json apps/web/import-layers.json');
    const bad = writeTree({ 'lib/format.ts': "import '../app/app.tsx';\nexport const formatCents = String;\n" });
    const both = spawnSync(process.execPath, ['scripts/check-import-graph.mjs', 'apps/api/import-layers.json', bad], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('lib/format.ts:1: components/lib may not import app (a higher layer): app/app.tsx');
    // Two whole source trees read from disk: seconds on a loaded machine.
  }, 60_000);
});

describe('findCycles', () => {
  it('names each loop once, and nothing for a graph that only runs down', () => {
    const graph = (pairs) => new Map(Object.entries(pairs).map(([node, targets]) => [node, new Set(targets)]));
    expect(findCycles(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(findCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['e'], e: ['d', 'a'] }))).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'e', 'd'],
    ]);
  });
});

describe('the ESLint rule on the same table', () => {
  const tablePath = writeTree();
  const src = path.join(path.dirname(tablePath), 'src');
  const lint = (file, code) =>
    new Linter({ configType: 'flat', cwd: src }).verify(
      code,
      [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parser: tseslint.parser },
          plugins: { layers: { rules: { imports: importLayersRule } } },
          rules: { 'layers/imports': ['error', { table: tablePath }] },
        },
      ],
      { filename: path.join(src, file) },
    );

  it('marks the import line that runs up a layer or past an index', () => {
    const messages = lint(
      'components/data-table.tsx',
      "import { formatCents } from '../lib/format.ts';\nimport type { PaymentRow } from '../entities/payments/api/payments.ts';\n",
    );
    expect(messages.map(({ line, message }) => ({ line, message }))).toEqual([
      { line: 2, message: 'components/lib may not import entities (a higher layer): entities/payments/api/payments.ts' },
    ]);
  });

  it('lets a feature use an entity through its index', () => {
    expect(
      lint('features/invoices/pages/invoices-page.tsx', "import { usePayments } from '../../../entities/payments/index.ts';\n"),
    ).toEqual([]);
  });
});
