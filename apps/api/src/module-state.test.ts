import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 42: no process-global mutable state. What a process keeps between requests lives in the
// kernel it builds (events/kernel.ts: registries, providers/process-clients.ts: clients, storage)
// or in the object that owns it (a jobs instance, an app's request-limit plugin). This scan finds
// module-level `let`s, Map/WeakMap registries and `set…Deps` setters in the server's source.
const SRC = path.dirname(fileURLToPath(import.meta.url));

/**
 * The module state that is the process's by nature, each with why. Anything else fails the test.
 * Scripts (src/scripts) are processes of their own, run once from the command line.
 */
const ALLOWED: Record<string, string> = {
  // A semaphore over worker threads: the memory bound is the process's, two apps in it share it.
  'providers/esign/pdf-thread.ts: let running = 0;': 'process-wide PDF thread slots',
  // Inside the PDF worker thread only (each thread loads its own copy of the module).
  'providers/esign/pdf-budget.ts: let budget: Budget = { objects: Infinity, inflatedBytes: Infinity, inflated: 0, exceeded: null };':
    "the PDF worker thread's budget",
  'providers/esign/pdf-budget.ts: const grown = new WeakMap<object, number>();': "the PDF worker thread's budget",
  'providers/esign/pdf-budget.ts: const objectCounts = new WeakMap<object, number>();': "the PDF worker thread's budget",
  'providers/esign/pdf-budget.ts: let installed = false;': "the PDF worker thread's pdf-lib hooks",
  // The process's Prometheus registry: /metrics reports this process, whichever app in it asks.
  'lib/metrics.ts: const pools = new Map<PoolLike, string>();': "the process's metrics",
  // Random bytes drawn 8 KB at a time, as node's randomUUID does; holds nobody's data.
  'lib/random.ts: let offset = POOL_BYTES;': "the process's entropy pool",
};

const MODULE_STATE = /^(?:export )?(?:let |var |const \w+(?:: [^=]+)? = new (?:Map|WeakMap)\b)|^export function set[A-Z]\w*Deps\(/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'scripts' && dir === SRC ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function moduleState(): string[] {
  return sourceFiles(SRC).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => MODULE_STATE.test(line))
      .map((line) => `${path.relative(SRC, file).split(path.sep).join('/')}: ${line.trim()}`),
  );
}

describe('module state', () => {
  it('keeps no module-level let, Map registry or set…Deps setter but the process-wide ones named here', () => {
    expect(moduleState().filter((found) => !(found in ALLOWED))).toEqual([]);
  });

  it('finds what it looks for: each named exception is still there (remove it from the list once gone)', () => {
    expect(Object.keys(ALLOWED).filter((allowed) => !moduleState().includes(allowed))).toEqual([]);
  });
});
