import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { withDatabase } from '../src/db/embedded.ts';
import { createInlineJobs } from '../src/jobs/jobs.ts';
import { createSecretBox } from '../src/lib/secrets.ts';
import { createOutboxTransport } from '../src/modules/email/index.ts';
import { crewpayKernel, wireCrewpay } from '../src/wiring.ts';
import type { AppDeps } from '../src/deps.ts';

export type TestContext = { app: FastifyInstance; deps: AppDeps; database: Database };

/** Each test app's database, so fixtures read what the app wrote (the outbox) in every mode. */
const appDatabases = new WeakMap<FastifyInstance, Database>();
export const databaseOfApp = (app: FastifyInstance): Database | undefined => appDatabases.get(app);

/**
 * The operator token of every test app. Tests run as behind a proxy (TRUST_PROXY), where the
 * sandbox tools (/dev, /sandbox) answer only with the operator token, so the tests that use
 * them send it, as an operator behind a proxy would.
 */
const TEST_OPERATOR_TOKEN = 'operator-token-of-the-test-apps-0123456789';
export const operatorHeaders = { 'x-operator-token': TEST_OPERATOR_TOKEN } as const;

/**
 * A test file's own world: a fresh database cloned from the migrated template and the same
 * wiring and app main.ts builds, with jobs run inline so their effects are visible at once.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const serverUrl = inject('serverUrl');
  const databaseName = `crewpay_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();

  const database = openDatabase(withDatabase(serverUrl, databaseName), { max: 10 });
  // As behind a proxy: tests give each caller its own address with X-Forwarded-For (and the
  // sandbox tools want the operator token, which operator-only.test.ts proves).
  const config = loadConfig({
    DATA_DIR: '/tmp/crewpay-test-unused',
    PUBLIC_URL: 'http://crewpay.test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    // The API-wide limit is tested on its own (plugins/request-limit.test.ts); elsewhere it must not bite.
    RATE_LIMIT_SIGNED_IN_MAX: '1000000',
    RATE_LIMIT_ANONYMOUS_MAX: '1000000',
    // Every test request comes from one address: sign-ups per IP are tested on their own (auth/sign-up.test.ts).
    RATE_LIMIT_SIGN_UPS_PER_IP: '1000000',
    // A batch the PayPal fake lists slowly is read again at once: the waits are PayPal's pace, not what a test checks.
    PAYPAL_BATCH_LIST_WAIT_MS: '1',
    ...env,
  });
  const secrets = createSecretBox(randomBytes(32).toString('hex'));
  // Wired as main.ts wires the server: the same kernel, handlers and workers; emails and texts stay in their outboxes.
  const kernel = crewpayKernel({ email: createOutboxTransport() });
  const deps: AppDeps = { config, db: database.db, jobs: createInlineJobs(), secrets, kernel };
  await wireCrewpay(deps);
  const app = await buildApp(deps);
  await app.ready();
  appDatabases.set(app, database);

  afterAll(async () => {
    await app.close();
    await database.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await cleanup.end();
  });
  return { app, deps, database };
}
