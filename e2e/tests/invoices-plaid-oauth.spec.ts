import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, readEmailedLink, uniqueEmail } from './support/api.ts';
import { FAKE_PLAID_LINK_OAUTH } from './support/fake-plaid-link.ts';
import { activateViaApi } from './support/wallet.ts';

// This server runs the sandbox, whose CSP refuses cdn.plaid.com; the live CSP is proven by meta.test.ts.
test.use({ bypassCSP: true });

const screenshot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);
type Creation = { token: string; receivedRedirectUri: string | null };

test('[invoices] a bank that logs in by OAuth sends the payer to /oauth-redirect, where Link finishes and the invoice is paid', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'invoices-plaid-oauth', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');
  const created = await request.post('/v1/invoices', {
    headers: { 'auth-token': owner.token },
    data: { email, name: 'Cola Co', title: 'Autumn promo', description: 'Posts', amount: 18_000, net: 30 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const payLink = await readEmailedLink(request, email, '/invoices/pay?id=');

  // The server as SANDBOX=false answers it, and Plaid Link's script from Plaid's origin.
  await page.route('**/v1/meta', (route) =>
    route.fulfill({ json: { sandbox: false, payment_method_wizard: false, stripe_publishable_key: null } }),
  );
  await page.route('https://cdn.plaid.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_PLAID_LINK_OAUTH }));
  const issued: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/v1/plaid_link_token')) issued.push(((await response.json()) as { token: string }).token);
  });

  await page.goto(payLink);
  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByRole('button', { name: 'Connect to Plaid' }).click();
  // Link went to the bank, the bank sent the payer back to /oauth-redirect, and from there back on the invoice, with the bank linked after the OAuth login: only Confirm is left.
  await expect(page.getByRole('heading', { name: 'Confirm payment' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/invoices/pay\\?id=${new URL(payLink, 'http://crewpay.local').searchParams.get('id')}$`));
  await expect(page.getByText('Bank transfer (ACH) · Plaid Checking •••• 6789')).toBeVisible();

  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('Your payment of $180.00 has been sent!')).toBeVisible();
  await page.screenshot({ path: screenshot('invoices-plaid-oauth-paid'), fullPage: true });
  // Link was created again on /oauth-redirect with the one token issued and the address the bank sent the payer back to.
  expect(issued).toHaveLength(1);
  const creations = await page.evaluate(() => (window as unknown as { __plaidCreations: Creation[] }).__plaidCreations);
  expect(creations).toEqual([
    { token: issued[0], receivedRedirectUri: expect.stringMatching(/\/oauth-redirect\?oauth_state_id=fake-oauth-state-1$/) },
  ]);
  expect(await page.evaluate(() => localStorage.getItem('crewpay.plaid-oauth'))).toBeNull();
});

test('[invoices] /oauth-redirect without a Link session says the bank link has expired', async ({ page }) => {
  await page.goto('/oauth-redirect?oauth_state_id=unknown');
  await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
  await expect(page.getByText("This bank link has expired: open your invoice's payment link again and connect your bank.")).toBeVisible();
  await page.screenshot({ path: screenshot('invoices-plaid-oauth-expired'), fullPage: true });
});
