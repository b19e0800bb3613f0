import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The import-graph check of npm run check (scripts/check-import-graph.mjs) over the API's layer
// table (apps/api/import-layers.json), run as npm runs it.
const SRC = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(SRC, '../../..');
const CHECK = path.join(REPO, 'scripts/check-import-graph.mjs');
const TABLE = path.join(REPO, 'apps/api/import-layers.json');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-layers-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function check(table: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [CHECK, table], { cwd: REPO, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A small source tree under the API's table: { 'lib/ids.ts': 'export const x = 1;' }; answers its table's path. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, 'src', file)), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', file), text);
  }
  fs.copyFileSync(TABLE, path.join(root, 'import-layers.json'));
  return path.join(root, 'import-layers.json');
}

describe('the API layer check', () => {
  it('passes on apps/api/src: no import runs up, no units and no files in a circle', () => {
    const { status, output } = check(TABLE);
    expect(output).toMatch(
      /apps\/api\/src: \d+ files, \d+ units, \d+ imports; imports follow composition -> modules -> kernel -> providers -> base; no cycles/,
    );
    expect(status).toBe(0);
  });

  it('fails on one type-only import injected into a copy of apps/api/src that runs from a provider up to a module', () => {
    const copy = path.join(scratch, 'copy');
    fs.cpSync(SRC, path.join(copy, 'src'), { recursive: true });
    fs.copyFileSync(TABLE, path.join(copy, 'import-layers.json'));
    const contract = path.join(copy, 'src/providers/contract.ts');
    fs.writeFileSync(
      contract,
      `import type { PayoutCallRequest } from '../modules/payments/index.ts';\n${fs.readFileSync(contract, 'utf8')}`,
    );
    const { status, output } = check(path.join(copy, 'import-layers.json'));
    expect(status).toBe(1);
    expect(output).toContain('providers/contract.ts:1: providers may not import modules (a higher layer): modules/payments/index.ts');
    // The import also closes a circle through the modules, named once.
    expect(output).toMatch(/import cycle: .*providers\/contract\.ts/);
  });

  it('fails on two modules tied in a circle, through a re-export and a subfolder', () => {
    const { status, output } = check(
      tree('cycle', {
        'modules/a/index.ts': "export { b } from '../b/index.ts';\nexport const a = 1;\n",
        'modules/b/index.ts': "export { c as b } from './deep/c.ts';\n",
        'modules/b/deep/c.ts': "import { a } from '../../a/index.ts';\nexport const c = a;\n",
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('import cycle: modules/a -> modules/b -> modules/a');
  });

  it('fails on two files of one module in a circle, even when one side imports only a type', () => {
    const { status, output } = check(
      tree('file-cycle', {
        'modules/a/index.ts': "export { x } from './x.ts';\n",
        'modules/a/x.ts': "import { y } from './y.ts';\nexport type X = number;\nexport const x = y;\n",
        'modules/a/y.ts': "import type { X } from './x.ts';\nexport const y: X = 1;\n",
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('file cycle: modules/a/x.ts -> modules/a/y.ts -> modules/a/x.ts');
  });

  it("fails on a module reaching past another's index.ts", () => {
    const { status, output } = check(
      tree('past-index', {
        'modules/a/index.ts': "export { c } from '../b/deep/c.ts';\n",
        'modules/b/index.ts': "export { c } from './deep/c.ts';\n",
        'modules/b/deep/c.ts': 'export const c = 1;\n',
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('modules/a/index.ts:1: use modules/b through index.ts, not modules/b/deep/c.ts');
  });

  it('fails on a file whose folder has no layer, and on a lower folder importing a higher one', () => {
    const { status, output } = check(
      tree('unplaced', {
        'things/x.ts': 'export const x = 1;\n',
        'lib/ids.ts': "export { routes } from '../app.ts';\n",
        'app.ts': 'export const routes = 1;\n',
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('things/x.ts: in no layer of the table');
    expect(output).toContain('lib/ids.ts:1: base may not import composition (a higher layer): app.ts');
  });
});
