import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { startEmbeddedPostgres, withDatabase } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { createPgBossJobs } from '../../jobs/jobs.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { createOutboxTransport } from '../../modules/email/index.ts';
import { crewpayKernel, wireCrewpay } from '../../wiring.ts';
import type { AppDeps } from '../../deps.ts';
import { benchSignUp } from './bench-sign-up.ts';

export type BenchServer = {
  base: string;
  url: string;
  database: Database;
  deps: AppDeps;
  /** An account signed in (bench-sign-up.ts): its session token. */
  signUp(email: string, password: string): Promise<{ auth_token: string }>;
  stop(): Promise<void>;
};

/**
 * The real app over real HTTP on a fresh database (embedded PostgreSQL unless DATABASE_URL is
 * set), as a benchmark needs it. Emails and provider calls are queued as in production; workers
 * are off so they do not compete with what is measured (a benchmark runs them itself, timed apart).
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-bench-'));
  fs.chmodSync(dataDir, 0o755);
  let serverUrl = process.env.DATABASE_URL;
  const embedded = serverUrl
    ? undefined
    : await startEmbeddedPostgres({ databaseDir: path.join(dataDir, 'postgres'), port: 56000 + Math.floor(Math.random() * 3000) });
  serverUrl ??= embedded!.url;
  const databaseName = `crewpay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = withDatabase(serverUrl, databaseName);
  const database = openDatabase(url, { max: 20 });
  await runMigrations(database);
  const jobs = await createPgBossJobs({ url, runWorkers: false, onError: (error) => console.error('[jobs]', error.message) });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://crewpay.bench',
    LOG_LEVEL: 'silent',
    // The limit stays on (its upsert is part of each request's cost), just out of the load's way.
    RATE_LIMIT_SIGNED_IN_MAX: '100000000',
    RATE_LIMIT_ANONYMOUS_MAX: '100000000',
  });
  const secrets = createSecretBox(randomBytes(32).toString('hex'));
  const deps: AppDeps = { config, db: database.db, jobs, secrets, kernel: crewpayKernel({ email: createOutboxTransport() }) };
  await wireCrewpay(deps);
  const app = await buildApp(deps);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    url,
    database,
    deps,
    signUp: (email, password) => benchSignUp({ base, deps }, email, password),
    async stop() {
      await app.close();
      await jobs.stop();
      await database.close();
      await embedded?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
