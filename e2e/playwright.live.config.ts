import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.ts';

/**
 * Journeys of a server started with SANDBOX=false against the local provider fakes (`npm run fakes`,
 * here PayPal's alone): `npx playwright test -c playwright.live.config.ts`. Its own data folder;
 * the same ports as the sandbox journeys (the two configs run one after the other).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PG_PORT = process.env.EMBEDDED_PG_PORT ?? '54339';
const PAYPAL_FAKE_PORT = Number(process.env.PAYPAL_FAKE_PORT ?? PORT + 1000);
const crewpay = `http://127.0.0.1:${PORT}`;

if (!process.env.CREWPAY_E2E_LIVE_DATA_DIR) {
  const dir = path.join(os.tmpdir(), `crewpay-e2e-live-${Date.now()}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  // The embedded PostgreSQL runs as a `postgres` user who must be able to traverse the folder.
  fs.chmodSync(dir, 0o755);
  process.env.CREWPAY_E2E_LIVE_DATA_DIR = dir;
}
process.env.PAYPAL_FAKE_URL = `http://127.0.0.1:${PAYPAL_FAKE_PORT}`;

/** A port nothing listens on: the services this journey does not use refuse at once if ever called. */
const unused = 'http://127.0.0.1:9';

export default defineConfig({
  testDir: './tests-live',
  outputDir: './test-results/live',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: crewpay,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // PayPal's fake, its webhooks delivered to the server below.
      command: 'npm run fakes',
      cwd: '..',
      url: `http://127.0.0.1:${PAYPAL_FAKE_PORT}/_fake/state`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKES: 'paypal', PAYPAL_FAKE_PORT: String(PAYPAL_FAKE_PORT), CREWPAY_URL: crewpay },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'npm run start -w apps/api',
      cwd: '..',
      url: `${crewpay}/v1/user`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.CREWPAY_E2E_LIVE_DATA_DIR,
        EMBEDDED_PG_PORT: PG_PORT,
        SANDBOX: 'false',
        PUBLIC_URL: crewpay,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ANONYMOUS_MAX: '1000000',
        RATE_LIMIT_SIGNED_IN_MAX: '1000000',
        // PayPal: the fake (apps/api/fakes/paypal-fake.ts, its partner's fixed credentials).
        PAYPAL_API_BASE: `http://127.0.0.1:${PAYPAL_FAKE_PORT}`,
        PAYPAL_CLIENT_ID: 'crewpay-fake-client',
        PAYPAL_CLIENT_SECRET: 'crewpay-fake-secret',
        PAYPAL_WEBHOOK_ID: 'CREWPAYFAKEWEBHOOK7',
        PAYPAL_PARTNER_MERCHANT_ID: 'CREWPAYPTNR2Z',
        PAYPAL_PARTNER_ATTRIBUTION_ID: 'Crewpay_SP_FAKE',
        // Set so the live server starts; this journey never reaches them (emails stay in the outbox table).
        STRIPE_SECRET_KEY: 'sk_test_e2e_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_unused',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_e2e_connect_unused',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2eUnused',
        STRIPE_PLATFORM_FINANCIAL_ACCOUNT: 'fa_e2eUnused',
        STRIPE_API_BASE: unused,
        QUICKBOOKS_CLIENT_ID: 'qb-e2e-unused',
        QUICKBOOKS_CLIENT_SECRET: 'qb-e2e-unused',
        QUICKBOOKS_REDIRECT_URI: `${crewpay}/api/qb/callback`,
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        QUICKBOOKS_API_BASE: unused,
        SMS_ACCOUNT_SID: 'AC_e2e_unused',
        SMS_AUTH_TOKEN: 'e2e-unused',
        SMS_FROM: '+15005550006',
        SMS_API_BASE: unused,
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
