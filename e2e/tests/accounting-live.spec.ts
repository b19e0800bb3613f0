import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startQuickbooksFake, type QuickbooksFake } from '../../apps/api/fakes/quickbooks-fake.ts';
import { createOwner } from './support/api.ts';
import { workerServer } from './support/server.ts';
import { screenshot } from './support/screenshots.ts';

/**
 * QuickBooks Online outside the sandbox: a second Crewpay, SANDBOX=false, on the same database and
 * secrets key as the e2e server (so the owner signed up there is signed in here), its QuickBooks
 * pointed at the QuickBooks fake. Its workers stay off: the e2e server runs the jobs, and this
 * journey (connect, map, disconnect) calls Intuit only inside requests.
 */
/** Beside this worker's e2e server (support/server.ts). */
const e2eServer = workerServer();
const LIVE_PORT = e2eServer.port + 1000;
const LIVE_URL = `http://127.0.0.1:${LIVE_PORT}`;
/** Unused by this journey, present because a live server refuses to start without them (providers/readiness.ts). */
const NOWHERE = 'http://127.0.0.1:9';
const OTHER_PROVIDERS = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_e2e_connect',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_PLATFORM_FINANCIAL_ACCOUNT: 'fa_e2e',
  STRIPE_API_BASE: NOWHERE,
  PAYPAL_CLIENT_ID: 'e2e',
  PAYPAL_CLIENT_SECRET: 'e2e',
  PAYPAL_WEBHOOK_ID: 'WH-E2E',
  PAYPAL_PARTNER_MERCHANT_ID: 'E2EPARTNER',
  PAYPAL_PARTNER_ATTRIBUTION_ID: 'Crewpay_SP_E2E',
  PAYPAL_API_BASE: NOWHERE,
  SMS_ACCOUNT_SID: 'ACe2e',
  SMS_AUTH_TOKEN: 'e2e',
  SMS_FROM: '+15005550006',
  SMS_API_BASE: NOWHERE,
};

let quickbooks: QuickbooksFake;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  quickbooks = await startQuickbooksFake();
  server = spawn('node', ['--enable-source-maps', 'dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../../apps/api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...OTHER_PROVIDERS,
      ...quickbooks.settings,
      QUICKBOOKS_REDIRECT_URI: `${LIVE_URL}/api/qb/callback`,
      SANDBOX: 'false',
      PORT: String(LIVE_PORT),
      PUBLIC_URL: LIVE_URL,
      DATA_DIR: e2eServer.dataDir,
      DATABASE_URL: e2eServer.databaseUrl,
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ANONYMOUS_MAX: '1000000',
      RATE_LIMIT_SIGNED_IN_MAX: '1000000',
    },
  });
  await expect
    .poll(async () => (await fetch(`${LIVE_URL}/v1/meta`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  // Not awaited: the browser may keep a connection to the fake open; the worker's end closes it.
  void quickbooks?.close();
});

test('[accounting] outside the sandbox Connect goes to Intuit, comes back connected, maps from the real chart, reconnects when the refresh token expired, and disconnect revokes', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'qblive', 'Live Ledger Co');
  expect(((await (await fetch(`${LIVE_URL}/v1/meta`)).json()) as { sandbox: boolean }).sandbox).toBe(false);
  // Nothing leaves the machine: the live server's pages may name outside scripts (Stripe.js), which wait for ever here.
  await page.context().route(/^https:\/\//, (route) => route.abort());
  await page.goto(`${LIVE_URL}/signin`);
  await page.evaluate((token) => window.localStorage.setItem('crewpay.auth_token', token), owner.token);
  await page.goto(`${LIVE_URL}/settings?tab=quickbooks`);

  const connection = page.getByRole('region', { name: 'Connection' });
  const popupOpened = page.waitForEvent('popup');
  await connection.getByRole('button', { name: 'Connect to QuickBooks' }).click();
  const popup = await popupOpened;
  if (!popup.isClosed()) await popup.waitForEvent('close');
  await expect(connection).toContainText('QuickBooks connected on');
  // The popup went to Intuit's authorization endpoint (the fake's) with the app's id and the accounting scope.
  const [authorize] = quickbooks.requests.filter((sent) => sent.path === '/connect/oauth2');
  expect(Object.fromEntries(authorize!.query)).toMatchObject({
    client_id: 'crewpay-fake-intuit-app',
    response_type: 'code',
    scope: 'com.intuit.quickbooks.accounting',
    redirect_uri: `${LIVE_URL}/api/qb/callback`,
  });

  // The mapping starts from the company's own chart, read from QuickBooks.
  const mapping = page.getByRole('region', { name: 'Account mapping' });
  await expect(page.getByRole('combobox', { name: 'Clearing account' })).toHaveValue('Crewpay Clearing');
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account mapping saved')).toBeVisible();
  await screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', 'accounting-09-live.png'), fullPage: true });
  const company = quickbooks.state().companies.at(-1)!;
  expect(company.journal_entries).toEqual([]);

  // 101 days later Intuit refuses the refresh token: the tab says so and offers to reconnect.
  quickbooks.advance(101 * 86_400_000);
  expect((await request.get(`${LIVE_URL}/api/qb/accounts`, { headers: { 'auth-token': owner.token } })).status()).toBe(409);
  await page.reload();
  await expect(connection.getByRole('alert')).toContainText('The QuickBooks connection has expired');
  await expect(page.getByRole('region', { name: 'Account mapping' })).toHaveCount(0);
  await screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', 'accounting-10-reconnect.png'),
    fullPage: true,
  });
  const again = page.waitForEvent('popup');
  await connection.getByRole('button', { name: 'Reconnect to QuickBooks' }).click();
  const secondPopup = await again;
  if (!secondPopup.isClosed()) await secondPopup.waitForEvent('close');
  await expect(connection.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Clearing account' })).toHaveValue('Crewpay Clearing');

  const revokes = () => quickbooks.requests.filter((sent) => sent.path === '/v2/oauth2/tokens/revoke').length;
  await connection.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog', { name: 'Disconnect QuickBooks?' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(connection).toContainText('Connect QuickBooks to keep your books');
  expect(revokes()).toBe(1);
  // Every request to Intuit and every answer followed the description of Intuit's reference.
  expect(quickbooks.problems).toEqual([]);
});
