import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { choosePasswordFromInvitation, signInOnPortalSide } from './support/portal-login.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

/** axe's serious and critical findings on the page as it is now (WCAG A/AA), one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Both widths the screens are looked at: the desktop and a phone. */
async function shotsAtBothWidths(page: Page, name: string) {
  const height = page.viewportSize()?.height ?? 900;
  await page.setViewportSize({ width: 1440, height });
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height });
  await shot(page, `${name}-390`);
}

/** An activated organisation with dollars in its US wallet and its Nium wallet funded from it. */
async function fundedOrg(request: APIRequestContext, label: string) {
  const owner = await createOwner(request, label, 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 200_000 } })).status()).toBe(200);
  const funded = await request.post('/v1/nium/wallet/fund', { headers, data: { amount: 100_000 } });
  expect(funded.status(), await funded.text()).toBe(200);
  // The funding lands once Nium confirms it (a provider call after the answer): wait for it as the wallet tab does.
  await expect
    .poll(async () => {
      const wallet = (await (await request.get('/v1/nium/wallet', { headers })).json()) as {
        balances: { currency: string; available: number }[];
      };
      return wallet.balances.find((balance) => balance.currency === 'USD')?.available ?? 0;
    })
    .toBe(100_000);
  return { ...owner, headers };
}

async function createCreator(request: APIRequestContext, headers: Record<string, string>, data: object) {
  const response = await request.post('/v1/creators', { headers, data: { email: uniqueEmail('abroad'), ...data } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; email: string };
}

async function draftFor(request: APIRequestContext, headers: Record<string, string>, recipient: string, earnings: number) {
  const created = await request.post('/v1/payments', {
    headers,
    data: [{ recipient, recipient_role: 'creator', earnings, split: 100, memo: 'August' }],
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { data: { id: string }[] }).data[0]!.id;
}

async function latestPayeeLink(request: APIRequestContext, to: string): Promise<string> {
  const emails = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as {
    to: string;
    links: string[];
  }[];
  const link =
    emails
      .filter((item) => item.to === to)
      .flatMap((item) => item.links)
      .filter((url) => url.includes('/bankDetails?id='))
      .at(-1) ?? '';
  expect(link).toContain('/bankDetails?id=');
  return new URL(link).pathname + new URL(link).search;
}

test('[nium] a payee abroad gives their bank in Germany through the payee link on a phone', async ({ browser, request }) => {
  const owner = await fundedOrg(request, 'niumlink');
  const creator = await createCreator(request, owner.headers, { first_name: 'Jonas', last_name: 'Weber' });
  const paymentId = await draftFor(request, owner.headers, creator.id, 10_000);
  expect((await request.put('/v1/payments/initiate', { headers: owner.headers, data: { ids: [paymentId] } })).status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const payee = await context.newPage();
  await payee.goto(await latestPayeeLink(request, creator.email));
  await expect(payee.getByRole('heading', { name: 'Northwind Studios is sending you $100.00' })).toBeVisible();
  await payee.getByRole('button', { name: 'Another country' }).click();
  const form = payee.getByRole('form', { name: 'Bank outside the United States' });

  // The country by keyboard: its list opens on Enter and is walked with the arrows.
  await form.getByRole('combobox', { name: 'Country' }).focus();
  await payee.keyboard.press('Enter');
  await expect(payee.getByRole('option')).toHaveText(['Brazil', 'Germany', 'India', 'Japan', 'Mexico', 'Philippines', 'United Kingdom']);
  await payee.keyboard.press('ArrowDown');
  await payee.keyboard.press('Enter');
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveText('Germany');
  await expect(form.getByLabel('Currency')).toHaveValue('EUR');
  await expect(form.getByLabel('IBAN')).toBeVisible();

  await form.getByLabel('Name on account').fill('Jonas Weber');
  await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await form.getByLabel('IBAN').blur();
  await expect(form.getByText('IBAN is not valid: check the digits')).toBeVisible();
  await form.getByLabel('BIC (SWIFT code)').fill('COBADEFF');
  await form.getByLabel('BIC (SWIFT code)').fill('');
  await form.getByLabel('BIC (SWIFT code)').blur();
  await expect(form.getByText('BIC (SWIFT code) is required')).toBeVisible();
  await shot(payee, 'nium-payee-link-errors-390');

  await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await form.getByLabel('BIC (SWIFT code)').fill('COBADEFFXXX');
  await expect(form.getByText('IBAN is not valid: check the digits')).toHaveCount(0);
  await expect(form.getByLabel('First name')).toHaveValue('Jonas');
  await form.getByLabel('Address 1').fill('Unter den Linden 1');
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel('Postal code').fill('10117');
  // Nothing wider than the phone: the form fits 390 px.
  expect(await payee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotsAtBothWidths(payee, 'nium-payee-link-filled');
  await payee.setViewportSize({ width: 390, height: 900 });
  // Submitted from the keyboard: Enter in the last field.
  await form.getByLabel('Postal code').press('Enter');
  await expect(payee.getByRole('heading', { name: 'Your payment is on the way' })).toBeVisible();
  await expect(payee.getByText('Payment method: Bank account abroad')).toBeVisible();
  await shot(payee, 'nium-payee-link-done-390');
  await context.close();

  const abroad = (await (await request.get(`/v1/creators/${creator.id}/abroad`, { headers: owner.headers })).json()) as {
    country: string;
    currency: string;
  };
  expect(abroad).toMatchObject({ country: 'DE', currency: 'EUR' });
  const status = (await (await request.get(`/v1/payments/${paymentId}`, { headers: owner.headers })).json()) as { status: string };
  expect(status.status).toBe('processing');
});

test('[nium] the owner sees the quote in Execute, then the payout abroad arrives', async ({ page, request }) => {
  const owner = await fundedOrg(request, 'niumquote');
  const creator = await createCreator(request, owner.headers, { first_name: 'Ada', last_name: 'Lovelace' });
  const abroad = await request.put(`/v1/creators/${creator.id}/abroad`, {
    headers: owner.headers,
    data: {
      country: 'GB',
      method: 'bank_account',
      fields: { account_holder_name: 'Ada Lovelace', sort_code: '12-34-56', account_number: '31926819' },
    },
  });
  expect(abroad.status(), await abroad.text()).toBe(200);
  const paymentId = await draftFor(request, owner.headers, creator.id, 25_000);

  // The creator's page says where they are paid: the country, the currency, the last 4.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openSignedIn(page, owner.token, `/creators/${creator.id}`);
  const methods = page.getByRole('list', { name: 'Payout methods' });
  await expect(methods).toContainText('United Kingdom · GBP · ••••••6819');
  await expect(page.getByRole('radio', { name: 'Pay with Nium' })).toBeChecked();

  // The creators list says it too, in the payment method column.
  await page.goto('/creators');
  await expect(page.getByRole('row', { name: new RegExp(creator.email) })).toContainText('Nium · United Kingdom, GBP');

  await page.goto(`/payments/${paymentId}`);
  await page.getByRole('button', { name: 'Execute Payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Execute payments' });
  const rates = dialog.getByRole('region', { name: 'Exchange rates' });
  await expect(rates).toContainText('Paid in another currency');
  await expect(rates).toContainText('Ada Lovelace');
  await expect(rates).toContainText(/1 USD = [\d.]+ GBP/);
  await expect(rates).toContainText(/£[\d,]+\.\d\d/);
  await expect(rates).toContainText(/Rates locked until \d{1,2}:\d\d:\d\d [AP]M/);
  await shotsAtBothWidths(page, 'nium-execute-quote');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await dialog.getByRole('button', { name: 'Execute' }).click();
  await expect(toast(page, 'Payment is on the way!')).toBeVisible();

  // At Nium: sent, then checked, at the bank, paid (20 sandbox seconds a step).
  const card = page.getByRole('region', { name: 'Payment abroad' });
  await expect(card).toContainText('Sent to Nium');
  for (let step = 0; step < 4; step += 1) await advanceClock(request, 21);
  await page.reload();
  await expect(card).toContainText(/Status\s*Paid/);
  await expect(card).toContainText(/Transfer id\s*RT\d{10}/);
  await expect(card).toContainText(/Payee receives\s*£[\d,]+\.\d\d/);
  await expect(card).toContainText(/Expected arrival\s*\w+ \d{1,2}, \d{4}/);
  await shotsAtBothWidths(page, 'nium-payment-abroad-paid');

  // Wallets > Nium: what is left there, per currency.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/wallets?tab=nium');
  const balances = page.getByRole('table', { name: 'Nium wallet balances' });
  await expect(balances.getByRole('row', { name: /USD/ })).toContainText('$750.00');
  await page.getByRole('button', { name: 'Fund from US wallet' }).click();
  const fund = page.getByRole('dialog', { name: 'Fund the Nium wallet' });
  await fund.getByLabel('Amount').fill('50');
  await fund.getByRole('button', { name: 'Fund' }).click();
  await expect(toast(page, 'Funds are on the way to your Nium wallet')).toBeVisible();
  await expect(balances.getByRole('row', { name: /USD/ })).toContainText('$800.00', { timeout: 15_000 });
  await shotsAtBothWidths(page, 'nium-wallet');
});

test('[nium] the owner enters a payment in pounds and sees its quote in Execute: the payee receives exactly the pounds', async ({
  page,
  request,
}) => {
  const owner = await fundedOrg(request, 'niumgbp');
  const creator = await createCreator(request, owner.headers, { first_name: 'Grace', last_name: 'Hopper' });
  const abroad = await request.put(`/v1/creators/${creator.id}/abroad`, {
    headers: owner.headers,
    data: {
      country: 'GB',
      method: 'bank_account',
      fields: { account_holder_name: 'Grace Hopper', sort_code: '12-34-56', account_number: '31926819' },
    },
  });
  expect(abroad.status(), await abroad.text()).toBe(200);

  // New Payment for this creator: the currency is offered beside the earnings, the payee's or USD.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openSignedIn(page, owner.token, `/payments/newPayment?recipient_id=${creator.id}`);
  const row = page.getByTestId('payment-row');
  await expect(row.getByLabel('Recipient')).toHaveValue(/Grace Hopper/);
  await row.getByLabel('Currency').click();
  await page.getByRole('option', { name: 'GBP' }).click();
  // Pounds have two decimals: a third is not an amount.
  await row.getByLabel('Earnings').fill('250.505');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('alert')).toBeVisible();
  await row.getByLabel('Earnings').fill('250.50');
  await expect(row.getByLabel('Amount')).toHaveText('Payee receives £250.50');
  await page.getByRole('button', { name: 'Save' }).click();
  const created = page.getByRole('dialog', { name: '1 payment created' });
  await expect(created).toContainText('Payee receives £250.50');
  await expect(created).toContainText(/\$[\d,]+\.\d\d \(estimate\)/);
  await created.getByRole('button', { name: 'Done' }).click();

  const listed = (await (await request.get(`/v1/payments?recipient=${creator.id}`, { headers: owner.headers })).json()) as {
    data: { id: string; amount_currency: string; currency_amount: number }[];
  };
  const payment = listed.data[0]!;
  expect(payment).toMatchObject({ amount_currency: 'GBP', currency_amount: 25_050 });

  // The payment's page: the pounds as entered, the dollars an estimate until executed.
  await page.goto(`/payments/${payment.id}`);
  await expect(page.getByRole('heading', { name: '£250.50' })).toBeVisible();
  await expect(page.getByText('£250.50 (as entered)')).toBeVisible();
  await expect(page.getByText(/\$[\d,]+\.\d\d \(estimate\): at Nium's rate now/)).toBeVisible();
  await page.getByRole('button', { name: 'Execute Payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Execute payments' });
  const rates = dialog.getByRole('region', { name: 'Exchange rates' });
  await expect(rates).toContainText(/1 USD = [\d.]+ GBP/);
  await expect(rates).toContainText('£250.50');
  await expect(rates).toContainText(/As entered; \$[\d,]+\.\d\d at this rate/);
  await shotsAtBothWidths(page, 'nium-execute-quote-gbp-entered');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await dialog.getByRole('button', { name: 'Execute' }).click();
  await expect(toast(page, 'Payment is on the way!')).toBeVisible();

  for (let step = 0; step < 4; step += 1) await advanceClock(request, 21);
  await page.reload();
  const card = page.getByRole('region', { name: 'Payment abroad' });
  await expect(card).toContainText(/Status\s*Paid/);
  await expect(card).toContainText(/Payee receives\s*£250\.50/);
});

test("[nium] the owner answers Nium's request for information on the payment's page", async ({ page, request }) => {
  const owner = await fundedOrg(request, 'niumrfi');
  const creator = await createCreator(request, owner.headers, { first_name: 'Ravi', last_name: 'Kumar' });
  // The sandbox asks for information about a payee whose name on account carries "(rfi)".
  const abroad = await request.put(`/v1/creators/${creator.id}/abroad`, {
    headers: owner.headers,
    data: {
      country: 'IN',
      method: 'bank_account',
      fields: { account_holder_name: 'Ravi Kumar (rfi)', ifsc: 'SBIN0000058', account_number: '123456789012' },
    },
  });
  expect(abroad.status(), await abroad.text()).toBe(200);
  const paymentId = await draftFor(request, owner.headers, creator.id, 40_000);
  const quoted = await request.post('/v1/payments/initiate/quotes', { headers: owner.headers, data: { ids: [paymentId] } });
  const { quotes } = (await quoted.json()) as { quotes: { quote_id: string }[] };
  const executed = await request.put('/v1/payments/initiate', {
    headers: owner.headers,
    data: { ids: [paymentId], quote_ids: quotes.map((quote) => quote.quote_id) },
  });
  expect(executed.status(), await executed.text()).toBe(200);
  for (let step = 0; step < 3; step += 1) await advanceClock(request, 21);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await openSignedIn(page, owner.token, `/payments/${paymentId}`);
  const card = page.getByRole('region', { name: 'Payment abroad' });
  await expect(card).toContainText(/Status\s*Nium needs information/);
  const answer = card.getByRole('form', { name: 'Answer Nium' });
  await expect(answer).toContainText('Nium asks:');
  await shotsAtBothWidths(page, 'nium-payment-rfi');
  await page.setViewportSize({ width: 1440, height: 1000 });
  // Sent empty, it names the field; answered from the keyboard (Enter sends).
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByText('This field is required')).toBeVisible();
  await answer.getByLabel('First name').fill('Ravi');
  await answer.getByLabel('First name').press('Enter');
  await expect(toast(page, 'Answer sent to Nium')).toBeVisible();
  await expect(card.getByRole('form', { name: 'Answer Nium' })).toHaveCount(0);

  for (let step = 0; step < 4; step += 1) await advanceClock(request, 21);
  await page.reload();
  await expect(card).toContainText(/Status\s*Paid/);
  await expect(card).toContainText(/Payee receives\s*₹[\d,]+\.\d\d/);
});

test("[nium] a payee in the portal gives their bank in India on a phone and answers Nium's question; the owner sees the payout go on", async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const owner = await fundedOrg(request, 'niumportal');
  const creator = await createCreator(request, owner.headers, { first_name: 'Ravi', last_name: 'Kumar' });
  const paymentId = await draftFor(request, owner.headers, creator.id, 40_000);
  // Executed before the payee gave a bank: it waits for their details.
  const waiting = await request.put('/v1/payments/initiate', { headers: owner.headers, data: { ids: [paymentId] } });
  expect(((await waiting.json()) as { requires_info: number }).requires_info).toBe(1);
  await choosePasswordFromInvitation(request, creator.email);

  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const payee = await context.newPage();
  await signInOnPortalSide(payee, creator.email);
  await expect(payee).toHaveURL(/\/creator/);
  await payee.goto('/creator/settings?tab=payment_details');
  const card = payee.getByRole('region', { name: 'Payment details for Northwind Studios' });
  await card.getByRole('button', { name: 'Another country' }).click();
  const form = card.getByRole('form', { name: 'Bank outside the United States' });
  await form.getByRole('combobox', { name: 'Country' }).click();
  await payee.getByRole('option', { name: 'India' }).click();
  await expect(form.getByLabel('Currency')).toHaveValue('INR');
  // The corridor's own fields, checked as the payee link checks them.
  await form.getByLabel('Name on account').fill('Ravi Kumar (rfi)');
  await form.getByLabel('IFSC').fill('SBIN000005');
  await form.getByLabel('IFSC').blur();
  await expect(form.getByText('IFSC is not valid: 4 letters, a zero, then 6 letters or digits')).toBeVisible();
  await form.getByLabel('IFSC').fill('SBIN0000058');
  await form.getByLabel('Account number').fill('123456789012');
  await expect(form.getByLabel('First name')).toHaveValue('Ravi');
  await form.getByLabel('Address 1').fill('12 MG Road');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('Postal code').fill('560001');
  expect(await payee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousFindings(payee)).toEqual([]);
  await shotsAtBothWidths(payee, 'nium-portal-bank-abroad');
  await payee.setViewportSize({ width: 390, height: 900 });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(payee, 'Bank details saved')).toBeVisible();
  await expect(card.getByText(/On file: a bank in India, paid in INR \(••0058, ••9012\)/)).toBeVisible();

  // Nium holds the payment on a question about the payee (the sandbox asks when the name carries "(rfi)").
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/v1/payments/${paymentId}`, { headers: owner.headers })).json()) as { status: string }).status,
    )
    .toBe('processing');
  for (let step = 0; step < 3; step += 1) await advanceClock(request, 21);

  await payee.goto('/creator/payments');
  const abroad = payee.getByRole('region', { name: 'Payments abroad' });
  await expect(abroad).toContainText('Nium needs information about one payment before paying your bank.');
  const answer = abroad.getByRole('form', { name: 'Answer Nium' });
  await expect(answer).toContainText('Nium asks:');
  expect(await payee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousFindings(payee)).toEqual([]);
  await shotsAtBothWidths(payee, 'nium-portal-rfi');
  await payee.setViewportSize({ width: 390, height: 900 });
  await answer.getByLabel('First name').fill('Ravi');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(toast(payee, 'Answer sent to Nium')).toBeVisible();
  await expect(abroad.getByRole('form', { name: 'Answer Nium' })).toHaveCount(0);
  await expect(abroad).toContainText('Information sent to Nium');
  await context.close();

  // The owner sees the payment go on to the payee's bank.
  for (let step = 0; step < 4; step += 1) await advanceClock(request, 21);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openSignedIn(page, owner.token, `/payments/${paymentId}`);
  const payout = page.getByRole('region', { name: 'Payment abroad' });
  await expect(payout).toContainText(/Status\s*Paid/);
  await expect(payout).toContainText(/Payee receives\s*₹[\d,]+\.\d\d/);
  await shot(page, 'nium-portal-owner-paid-1440');
});
