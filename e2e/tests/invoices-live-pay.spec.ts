import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOwner, readEmailedLink, uniqueEmail } from './support/api.ts';
import { FAKE_PLAID_LINK } from './support/fake-plaid-link.ts';
import { FAKE_STRIPE_JS } from './support/fake-stripe-js.ts';
import { activateViaApi } from './support/wallet.ts';

// This server runs the sandbox, whose CSP rightly refuses js.stripe.com and cdn.plaid.com; the
// live server's CSP that allows them is proven by apps/api/src/modules/meta/meta.test.ts.
test.use({ bypassCSP: true });

/** An activated organisation's invoice sent to a new customer; answers the customer's pay link. */
async function sentInvoice(request: APIRequestContext, label: string, title: string): Promise<string> {
  const owner = await createOwner(request, label, 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');
  const created = await request.post('/v1/invoices', {
    headers: { 'auth-token': owner.token },
    data: { email, name: 'Cola Co', title, description: 'Posts', amount: 25_000, net: 30 },
  });
  expect(created.status(), await created.text()).toBe(200);
  return readEmailedLink(request, email, '/invoices/pay?id=');
}

const screenshot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test('[invoices] outside the sandbox the pay page takes the card through Stripe.js and keeps only the PaymentMethod', async ({
  page,
  request,
}) => {
  const payLink = await sentInvoice(request, 'invoices-stripejs', 'Spring promo');

  // The server as SANDBOX=false answers it (meta.test.ts), and Stripe.js from its own origin.
  await page.route('**/v1/meta', (route) =>
    route.fulfill({ json: { sandbox: false, payment_method_wizard: false, stripe_publishable_key: 'pk_test_e2eLiveMode' } }),
  );
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }));
  const sandboxTokeniser: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/sandbox_payments/card_tokens')) sandboxTokeniser.push(sent.url());
  });

  await page.goto(payLink);
  await page.getByRole('radio', { name: 'Credit card' }).check();
  const number = page.getByRole('textbox', { name: 'Card number (Stripe)' });
  await expect(number).toBeVisible();
  // Our own number field is not there: the number is typed into Stripe's.
  await expect(page.getByRole('textbox', { name: 'Card number', exact: true })).toHaveCount(0);
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await number.fill('4242 4242 4242 4242');
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page.getByRole('heading', { name: 'Confirm payment' })).toBeVisible();
  await expect(page.getByText('Card · Visa •••• 4242')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stripeKey?: string }).__stripeKey)).toBe('pk_test_e2eLiveMode');
  expect(sandboxTokeniser).toEqual([]);
  await page.screenshot({ path: screenshot('invoices-stripe-js-confirm'), fullPage: true });
});

test('[invoices] outside the sandbox the payer links their bank in Plaid Link and the invoice is paid by ACH', async ({
  page,
  request,
}) => {
  const payLink = await sentInvoice(request, 'invoices-plaidlink', 'Summer promo');
  await page.route('**/v1/meta', (route) =>
    route.fulfill({ json: { sandbox: false, payment_method_wizard: false, stripe_publishable_key: null } }),
  );
  await page.route('https://cdn.plaid.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_PLAID_LINK }));

  await page.goto(payLink);
  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByRole('button', { name: 'Connect to Plaid' }).click();
  // Plaid Link, not the sandbox's own login dialog, took the payer to their bank.
  await expect(page.getByRole('heading', { name: 'Confirm payment' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Bank transfer (ACH) · Plaid Checking •••• 6789')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __plaidLinkToken?: string }).__plaidLinkToken)).toMatch(/^link-sandbox-/);

  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('Your payment of $250.00 has been sent!')).toBeVisible();
  await page.screenshot({ path: screenshot('invoices-plaid-link-paid'), fullPage: true });
});
