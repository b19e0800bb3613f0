import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, readEmailedLink, uniqueEmail } from './support/api.ts';
import { FAKE_STRIPE_JS } from './support/fake-stripe-js.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

// This server runs the sandbox, whose CSP rightly refuses js.stripe.com; the live server's CSP
// that allows it is proven by apps/api/src/modules/meta/meta.test.ts. The stand-in of Stripe.js
// plays Stripe's side against the sandbox (support/fake-stripe-js.ts).
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

const screenshotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

/** The page as the server answers it with SANDBOX=false: Stripe.js (the stand-in) from its own origin. */
async function asLive(page: Page) {
  await page.route('**/v1/meta', (route) =>
    route.fulfill({ json: { sandbox: false, payment_method_wizard: false, stripe_publishable_key: 'pk_test_e2eLiveMode' } }),
  );
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }));
}

/** Card number into Stripe's field, Continue, then Confirm payment. */
async function payByStripeCard(page: Page, number: string) {
  await page.getByRole('radio', { name: 'Credit card' }).check();
  await page.getByRole('textbox', { name: 'Card number (Stripe)' }).fill(number);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
}

test('[invoices] outside the sandbox the pay page takes the card through Stripe.js and keeps only the PaymentMethod', async ({
  page,
  request,
}) => {
  const payLink = await sentInvoice(request, 'invoices-stripejs', 'Spring promo');

  await asLive(page);
  // The page itself never sends the number anywhere: only Stripe.js (here its stand-in) does.
  const sandboxTokeniser: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/sandbox_payments/card_tokens') && sent.headers()['x-stand-in'] !== 'stripe.js')
      sandboxTokeniser.push(sent.url());
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
  await screenshot(page, { path: screenshotPath('invoices-stripe-js-confirm'), fullPage: true });
});

test('[invoices] outside the sandbox the pay page runs the 3-D Secure step in Stripe.js and thanks the payer only once it is complete', async ({
  page,
  request,
}) => {
  const payLink = await sentInvoice(request, 'invoices-3ds', 'Autumn promo');
  await asLive(page);
  await page.goto(payLink);
  // Stripe's 3-D Secure test card: its bank asks the payer to confirm.
  await payByStripeCard(page, '4000 0027 6000 3184');
  const check = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(check).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authenticating your card…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toHaveCount(0);
  await screenshot(page, { path: screenshotPath('invoices-3ds-step'), fullPage: true });
  expect(await page.evaluate(() => (window as unknown as { __handledNextAction?: string }).__handledNextAction)).toMatch(
    /^pi_\w+_secret_\w+$/,
  );
  await check.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('Your payment of $250.00 has been sent!')).toBeVisible();
  await screenshot(page, { path: screenshotPath('invoices-3ds-paid'), fullPage: true });
});

test('[invoices] a failed 3-D Secure step ends on why, with the form to pay again', async ({ page, request }) => {
  const payLink = await sentInvoice(request, 'invoices-3ds-fail', 'Winter promo');
  await asLive(page);
  await page.goto(payLink);
  await payByStripeCard(page, '4000 0027 6000 3184');
  await page.getByRole('dialog', { name: '3D Secure 2 Test Page' }).getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'We could not authenticate your card with your bank. Please try again or use another payment method.',
  );
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toHaveCount(0);
  await payByStripeCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('[invoices] outside the sandbox the payer links their bank in Stripe Financial Connections, gives their name and authorises the debit', async ({
  page,
  request,
}) => {
  const payLink = await sentInvoice(request, 'invoices-fc', 'Summer promo');
  await asLive(page);
  await page.goto(payLink);
  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByRole('button', { name: 'Connect your bank' }).click();
  // Stripe's own window (the stand-in) took the payer to their bank, not the sandbox's dialog.
  await expect(page.getByRole('heading', { name: 'Confirm payment' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Bank transfer (ACH) · Tartan Bank •••• 6789')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __financialConnectionsSecret?: string }).__financialConnectionsSecret)).toMatch(
    /^link-sandbox-/,
  );
  const confirm = page.getByRole('button', { name: 'Confirm payment' });
  await expect(page.getByRole('textbox', { name: 'Name on the bank account' })).toHaveValue('Cola Co');
  await expect(confirm).toBeDisabled();
  await page.getByRole('checkbox', { name: /I authorize Northwind Studios to debit \$250\.00/ }).check();
  await expect(confirm).toBeEnabled();
  await screenshot(page, { path: screenshotPath('invoices-fc-mandate'), fullPage: true });
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('Your bank payment of $250.00 is on its way.', { exact: false })).toBeVisible();
  await screenshot(page, { path: screenshotPath('invoices-fc-paid'), fullPage: true });
});
