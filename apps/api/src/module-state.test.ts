import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 42: no process-global mutable state. What a process keeps between requests lives in the
// kernel it builds (events/kernel.ts: registries, pool metrics; providers/process-clients.ts:
// clients, storage, PDF thread slots) or in the object that owns it (a jobs instance, an app's
// request-limit plugin and error handler, a secret box's random pool, the PDF worker's budget).
// This scan finds module-level `let`s, Map/WeakMap/WeakSet registries, empty Sets and `set…Deps`
// setters in the server's source, with no exception. Scripts (src/scripts) are processes of
// their own, run once from the command line.
const SRC = path.dirname(fileURLToPath(import.meta.url));

const MODULE_STATE =
  /^(?:export )?(?:let |var |const \w+(?:: [^=]+)? = new (?:(?:Map|WeakMap|WeakSet)\b|Set(?:<[^>]*>)?\(\)))|^export function set[A-Z]\w*Deps\(/;

const isModuleState = (line: string) => MODULE_STATE.test(line);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'scripts' && dir === SRC ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

function moduleState(): string[] {
  return sourceFiles(SRC).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(isModuleState)
      .map((line) => `${relative(file)}: ${line.trim()}`),
  );
}

describe('module state', () => {
  it('keeps no module-level let, Map/WeakMap/WeakSet registry, empty Set or set…Deps setter anywhere in the server', () => {
    expect(moduleState()).toEqual([]);
  });

  it('finds what it looks for: every kind of module state, at module level only, in every source file', () => {
    const found = [
      'let running = 0;',
      'export let offset = POOL_BYTES;',
      'var cache;',
      'const pools = new Map<PoolLike, string>();',
      'export const grown: WeakMap<object, number> = new WeakMap();',
      'const answered = new WeakSet<object>();',
      'const seen = new Set<string>();',
      'export function setPayoutDeps(deps: AppDeps): void {',
    ];
    const notFound = [
      '  let running = 0;',
      "const REFUND_EVENTS = new Set(['refund.succeeded', 'refund.failed']);",
      "const BUDGET_HOOK = Symbol('crewpay pdf budget hook');",
      'export function createPdfThreads(): PdfThreads {',
      '// let a comment say so',
    ];
    expect(found.filter((line) => !isModuleState(line))).toEqual([]);
    expect(notFound.filter(isModuleState)).toEqual([]);
    // The scan reads the whole tree: the files that held the last exceptions, the composition root, a module.
    const scanned = sourceFiles(SRC).map(relative);
    expect(scanned).toEqual(
      expect.arrayContaining([
        'providers/esign/pdf-thread.ts',
        'providers/esign/pdf-budget.ts',
        'lib/metrics.ts',
        'lib/random.ts',
        'wiring.ts',
      ]),
    );
    expect(scanned.filter((file) => file.startsWith('modules/')).length).toBeGreaterThan(100);
    expect(scanned.some((file) => file.startsWith('scripts/') || file.endsWith('.test.ts'))).toBe(false);
  });
});
