import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TRANSFER_OUT_ORG_ID } from './tests/support/wallet.ts';

// Each engineer's checkout runs its own server and PostgreSQL: E2E_PORT and EMBEDDED_PG_PORT.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PG_PORT = process.env.EMBEDDED_PG_PORT ?? '54339';

const DATA_DIR_PREFIX = 'crewpay-e2e-';

/**
 * The sandbox tools (/dev/outbox, /dev/clock, /sandbox/*) answer only with the operator token, this
 * machine's callers too: the server is started with this one, and every request of the specs (the
 * page's and the request fixture's) carries it.
 */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789';

/**
 * Data folders of earlier runs whose PostgreSQL has stopped (a running one keeps postmaster.pid).
 * Only those an hour old: another checkout's run that is still creating its database has no
 * postmaster.pid yet.
 */
function removeStoppedRunFolders(): void {
  const anHourAgo = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (!name.startsWith(DATA_DIR_PREFIX) || fs.statSync(dir).mtimeMs > anHourAgo) continue;
    if (!fs.existsSync(path.join(dir, 'postgres', 'postmaster.pid'))) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

// A fresh database for every run. Playwright loads this file in each worker too; the env var
// (inherited by the workers) keeps them on the folder the main process made.
if (!process.env.CREWPAY_E2E_DATA_DIR) {
  removeStoppedRunFolders();
  const dir = path.join(os.tmpdir(), `${DATA_DIR_PREFIX}${Date.now()}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  // The embedded PostgreSQL runs as a `postgres` user who must be able to traverse the folder;
  // mkdir's mode is narrowed by the umask, so set it explicitly.
  fs.chmodSync(dir, 0o755);
  process.env.CREWPAY_E2E_DATA_DIR = dir;
}
const dataDir = process.env.CREWPAY_E2E_DATA_DIR;

/**
 * Two specs side by side (the clock specs after them, one at a time); E2E_WORKERS=1 runs one at a
 * time. Two browsers on 2 cores slow each page down, so expectations wait longer then: a page
 * that is merely slow must not fail, one that never shows still does.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * The sandbox clock is one for the whole server: a spec that moves it would move it under every
 * test running beside it. Those specs run one at a time after the others, which may run side by
 * side (each spec signs up its own organisation; nothing else is shared). Found by reading the specs,
 * so a new spec that moves the clock joins them by itself.
 */
const TESTS_DIR = path.join(import.meta.dirname, 'tests');
const clockSpecs = fs
  .readdirSync(TESTS_DIR)
  .filter((name) => name.endsWith('.spec.ts'))
  .filter((name) => /advanceClock\(|\/dev\/clock/.test(fs.readFileSync(path.join(TESTS_DIR, name), 'utf8')));
const clockSpecPattern = new RegExp(`(^|/)(${clockSpecs.map((name) => name.replaceAll('.', '\\.')).join('|')})$`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: WORKERS > 1 ? 20_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    extraHTTPHeaders: { 'x-operator-token': OPERATOR_TOKEN },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: clockSpecPattern, use: { browserName: 'chromium' } },
    // After the others when they run side by side; in the same run, in any order, when one at a time.
    {
      name: 'sandbox-clock',
      testMatch: clockSpecPattern,
      workers: 1,
      dependencies: WORKERS > 1 ? ['chromium'] : [],
      use: { browserName: 'chromium' },
    },
  ],
  webServer: {
    // The API serves the built web app (apps/web/dist); `npm run test:e2e` builds it first.
    command: 'npm run start -w apps/api',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/v1/user`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Its own PostgreSQL port, so a development server on the default one does not collide.
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: PG_PORT,
      // The wallet journey creates the organisation with this id to transfer funds out.
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      OPERATOR_TOKEN,
      // The webhook journey's receiver listens on this machine: webhooks reach no private host unless named.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      TRANSFER_OUT_ORG_ID,
      SANDBOX_ACH_DELAY_SECONDS: '60',
      // The settings journey walks the Add Payment Method wizard (off by default).
      PAYMENT_METHOD_WIZARD: 'true',
      // Every test calls from 127.0.0.1: the API-wide rate limit must not be what a test meets.
      RATE_LIMIT_ANONYMOUS_MAX: '1000000',
      RATE_LIMIT_SIGNED_IN_MAX: '1000000',
      // Each spec signs up its own organisations, all from 127.0.0.1.
      RATE_LIMIT_SIGN_UPS_PER_IP: '1000000',
    },
    // SIGTERM lets the API stop its PostgreSQL cleanly instead of leaving it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
