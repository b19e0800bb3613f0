import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, readEmailedLink, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const screenshotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

/** An activated organisation's invoice sent to a new customer; answers the customer's pay link. */
async function sentInvoice(request: APIRequestContext, label: string, disallowed: string[] = ['bank']): Promise<string> {
  const owner = await createOwner(request, label, 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');
  const created = await request.post('/v1/invoices', {
    headers: { 'auth-token': owner.token },
    data: {
      email,
      name: 'Cola Co',
      title: 'Spring promo',
      description: 'Posts',
      amount: 5_500_00,
      net: 30,
      disallowed_methods: disallowed,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return readEmailedLink(request, email, '/invoices/pay?id=');
}

async function payBySandboxCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
}

test('[invoices] a declined card ends on the decline and its reason, never a thank-you; reopened, the link offers the form; another card pays', async ({
  page,
  request,
}) => {
  const payLink = await sentInvoice(request, 'invoices-decline');
  await page.goto(payLink);
  await payBySandboxCard(page, '4000 0000 0000 0002');
  const decline = page.getByRole('alert');
  await expect(decline).toHaveText('Your card was declined. Please try again or use another payment method.');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toHaveCount(0);
  await expect(page.getByText(/has been sent/)).toHaveCount(0);
  await screenshot(page, { path: screenshotPath('invoices-pay-declined'), fullPage: true });

  // Opening the link again shows why the last attempt failed, above the form to try again.
  await page.goto(payLink);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please try again or use another payment method.');
  await expect(page.getByLabel('Card number')).toBeVisible();
  await payBySandboxCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('Your payment of $5,500.00 has been sent!', { exact: false })).toBeVisible();
  await screenshot(page, { path: screenshotPath('invoices-pay-retried'), fullPage: true });
});

test('[invoices] after a declined card the form keeps Credit card chosen, not Bank account', async ({ page, request }) => {
  const payLink = await sentInvoice(request, 'invoices-decline-keeps-card', []);
  await page.goto(payLink);
  await page.getByRole('radio', { name: 'Credit card' }).check();
  await payBySandboxCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please try again or use another payment method.');
  await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.goto(payLink);
  await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
});

test('[invoices] in the sandbox a 3-D Secure card opens the sandbox check; completed, the invoice is paid', async ({ page, request }) => {
  const payLink = await sentInvoice(request, 'invoices-3ds-sandbox');
  await page.goto(payLink);
  await payBySandboxCard(page, '4000 0027 6000 3184');
  const check = page.getByRole('dialog', { name: 'Authenticate your card' });
  await expect(check).toContainText('Your bank asks you to confirm this payment of $5,500.00 (3-D Secure).');
  await screenshot(page, { path: screenshotPath('invoices-pay-3ds-sandbox'), fullPage: true });
  await check.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

/** axe's serious and critical findings on the page as it is now (WCAG A/AA), one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Transitions over (the busy spinner behind the dialog turns for ever: it is not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

for (const width of [1440, 390]) {
  test(`[invoices] a payer who leaves the 3-D Secure step chooses another card and pays, once (${width}px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const payLink = await sentInvoice(request, `invoices-3ds-another-${width}`);
    await page.goto(payLink);
    await payBySandboxCard(page, '4000 0027 6000 3184');
    const check = page.getByRole('dialog', { name: 'Authenticate your card' });
    await expect(check).toContainText('Your bank asks you to confirm this payment of $5,500.00 (3-D Secure).');
    // The payer goes away and comes back later: the step still waits for them, with a way out.
    await page.goto(payLink);
    await expect(check).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await check.getByRole('button', { name: 'Use another payment method' }).click();
    await expect(page.getByRole('alert')).toHaveText('The payment was canceled. Please try again or use another payment method.');
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, { path: screenshotPath(`invoices-pay-3ds-left-${width}`), fullPage: true });
    await payBySandboxCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText('Your payment of $5,500.00 has been sent!', { exact: false })).toBeVisible();
  });
}
