import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The layer check of npm run check (scripts/check-api-layers.mjs), run as npm runs it.
const SRC = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(SRC, '../../..');
const CHECK = path.join(REPO, 'scripts/check-api-layers.mjs');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-layers-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function check(srcDir: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [CHECK, srcDir], { cwd: REPO, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A small source tree: { 'lib/ids.ts': 'export const x = 1;' }. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the API layer check', () => {
  it('passes on apps/api/src: no import runs up, no rooms in a circle', () => {
    const { status, output } = check(SRC);
    expect(output).toMatch(/: 0 upward, 0 cycles, 0 unplaced/);
    expect(status).toBe(0);
  });

  it('fails on one type-only import injected into a copy of apps/api/src that runs from a provider up to a module', () => {
    const copy = path.join(scratch, 'copy');
    fs.cpSync(SRC, copy, { recursive: true });
    const contract = path.join(copy, 'providers/contract.ts');
    fs.writeFileSync(
      contract,
      `import type { PayoutCallRequest } from '../modules/payments/index.ts';\n${fs.readFileSync(contract, 'utf8')}`,
    );
    const { status, output } = check(copy);
    expect(status).toBe(1);
    expect(output).toContain('upward import: providers/contract.ts:1 (providers) -> modules/payments/index.ts (modules)');
    // Exactly the one injected: the rest of the tree stays clean (the import also closes a circle through the modules).
    expect(output).toMatch(/: 1 upward, 1 cycles/);
  });

  it('fails on two modules tied in a circle, through a re-export and a subfolder', () => {
    const root = tree('cycle', {
      'modules/a/index.ts': "export { b } from '../b/index.ts';\nexport const a = 1;\n",
      'modules/b/index.ts': "export { c as b } from './deep/c.ts';\n",
      'modules/b/deep/c.ts': "import { a } from '../../a/index.ts';\nexport const c = a;\n",
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('cycle between modules/a, modules/b:');
    expect(output).toContain('modules/b/deep/c.ts:1 -> modules/a/index.ts');
  });

  it('fails on a file whose folder has no layer, and on a lower folder importing a higher one', () => {
    const root = tree('unplaced', {
      'things/x.ts': 'export const x = 1;\n',
      'lib/ids.ts': "export { routes } from '../app.ts';\n",
      'app.ts': 'export const routes = 1;\n',
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('no layer for things/x.ts');
    expect(output).toContain('upward import: lib/ids.ts:1 (base) -> app.ts (composition)');
  });
});
