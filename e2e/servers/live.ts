import fs from 'node:fs';
import path from 'node:path';
import type { ServerSpec } from './server-spec.ts';

/**
 * The journeys of a server started with SANDBOX=false against the local provider fakes (`npm run
 * fakes`, here PayPal's alone): the `live` project of playwright.config.ts, in the same run as the
 * sandbox journeys (its own Playwright run started servers again and cost the suite ~20 s). Its
 * server and PostgreSQL sit 5 ports above the first worker's, between the workers' ports (which
 * step by 10), the PayPal fake 7 above.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);
const PORT = basePort + 5;
const PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54339) + 5;
const PAYPAL_FAKE_PORT = Number(process.env.PAYPAL_FAKE_PORT ?? basePort + 7);

export const liveUrl = `http://127.0.0.1:${PORT}`;
/** The live server's embedded PostgreSQL (as support/server.ts names a worker's). */
export const liveDatabaseUrl = `postgres://crewpay:crewpay@127.0.0.1:${PG_PORT}/postgres`;
// The specs read it (tests-live); the Playwright workers inherit it from the process that loads this file first.
process.env.PAYPAL_FAKE_URL = `http://127.0.0.1:${PAYPAL_FAKE_PORT}`;

/** A port nothing listens on: the services this journey does not use refuse at once if ever called. */
const unused = 'http://127.0.0.1:9';

/** The live server's data folder, in the run's (`runDir`, playwright.config.ts). */
function liveDataDir(runDir: string): string {
  const dir = path.join(runDir, 'live');
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  // The embedded PostgreSQL runs as a `postgres` user who must be able to traverse the folder.
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** PayPal's fake, its webhooks delivered to the live server, and the live server. */
export function liveServers(runDir: string): ServerSpec[] {
  return [
    {
      name: 'PayPal fake',
      command: 'npm run fakes',
      cwd: '..',
      url: `http://127.0.0.1:${PAYPAL_FAKE_PORT}/_fake/state`,
      env: { FAKES: 'paypal', PAYPAL_FAKE_PORT: String(PAYPAL_FAKE_PORT), CREWPAY_URL: liveUrl },
      stopTimeoutMs: 5_000,
    },
    {
      name: 'live server',
      command: 'node --enable-source-maps --import ./dist/tracing.js dist/server.js',
      cwd: '../apps/api',
      url: `${liveUrl}/v1/user`,
      env: {
        PORT: String(PORT),
        DATA_DIR: liveDataDir(runDir),
        EMBEDDED_PG_PORT: String(PG_PORT),
        SANDBOX: 'false',
        PUBLIC_URL: liveUrl,
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
        QUICKBOOKS_REDIRECT_URI: `${liveUrl}/api/qb/callback`,
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        QUICKBOOKS_API_BASE: unused,
        SMS_ACCOUNT_SID: 'AC_e2e_unused',
        SMS_AUTH_TOKEN: 'e2e-unused',
        SMS_FROM: '+15005550006',
        SMS_API_BASE: unused,
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
      stopTimeoutMs: 20_000,
    },
  ];
}
