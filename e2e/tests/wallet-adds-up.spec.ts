import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { payCreator } from './support/accounting.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { activateViaApi, advanceClock, readVerification } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

type Figures = { available: number; incoming: number; arriving: number; held: number; total: number };

/** '+$1,234.56', '-$0.13' or '$0.00' in cents; a blank cell is 0. */
function cents(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const match = /^([+-]?)\$([\d,]+)\.(\d{2})$/.exec(trimmed);
  if (!match) throw new Error(`Not an amount: ${trimmed}`);
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/** The figures above the table, as shown. */
async function shownBalance(page: Page): Promise<Figures> {
  const read = async (testId: string) => cents(await page.getByTestId(testId).innerText());
  return {
    available: await read('us-wallet-balance'),
    incoming: await read('us-wallet-incoming'),
    arriving: await read('us-wallet-arriving'),
    held: await read('us-wallet-held'),
    total: await read('us-wallet-total'),
  };
}

/** Each money column of the transactions table summed, read cell by cell under its header. */
async function shownRowSums(page: Page): Promise<Figures> {
  const grid = page.getByRole('grid', { name: 'Transactions' });
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const rows = await grid
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row')
    .evaluateAll((elements) =>
      elements.map((row) => Array.from(row.querySelectorAll('[role="gridcell"]'), (cell) => cell.textContent ?? '')),
    );
  const sum = (header: string) => {
    const index = headers.indexOf(header);
    expect(index, `the ${header} column`).toBeGreaterThanOrEqual(0);
    return rows.reduce((total, cells) => total + cents(cells[index] ?? ''), 0);
  };
  return { available: sum('Available'), incoming: sum('Incoming'), arriving: sum('Arriving'), held: sum('Held'), total: sum('Amount') };
}

/** Links and verifies a bank on the sandbox's hosted page; answers the payment method to debit. */
async function verifiedBank(page: Page, request: APIRequestContext, owner: { email: string; token: string }) {
  const headers = { 'auth-token': owner.token };
  const attach = await request.post('/v1/treasury/account', {
    headers,
    data: { account_number: '000123456789', routing_number: '110000000' },
  });
  expect(attach.status(), await attach.text()).toBe(200);
  const { code, url } = await readVerification(request, owner.email);
  await page.goto(new URL(url).pathname);
  await page.getByLabel('Statement description code').fill(code);
  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account verified' })).toBeVisible();
  const wallets = (await (await request.get('/v1/wallets', { headers })).json()) as { stripe: { id: string } };
  const wallet = (await (await request.get(`/v1/wallets/${wallets.stripe.id}`, { headers })).json()) as { payment_method: { id: string } };
  return wallet.payment_method.id;
}

async function addFunds(request: APIRequestContext, token: string, paymentMethod: string, amount: number) {
  const debit = await request.post('/v1/treasury/ach_debit', {
    headers: { 'auth-token': token },
    data: { payment_method: paymentMethod, amount },
  });
  expect(debit.status(), await debit.text()).toBe(200);
}

/** A customer pays an invoice by card through the pay link's API (the sandbox card processor). */
async function paidInvoice(request: APIRequestContext, token: string, amount: number) {
  const email = uniqueEmail('payer');
  const customer = await request.post('/v1/customers', { headers: { 'auth-token': token }, data: { name: 'Casey Brand', email } });
  expect(customer.status(), await customer.text()).toBe(200);
  await sendInvoiceViaApi(request, token, { customer_id: ((await customer.json()) as { id: string }).id, amount });
  const linkId = new URL(await readPayLink(request, email), 'http://x').searchParams.get('id')!;
  const card = await request.post('/v1/sandbox_payments/card_tokens', { data: { number: '4242424242424242', exp: '12/39', cvc: '123' } });
  const cardToken = ((await card.json()) as { id: string }).id;
  const paid = await request.post(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`, {
    data: { method: 'card', payment_method: cardToken },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

test('[wallets] the transactions add up to the balance: available, incoming and held, to the cent', async ({ page, request }) => {
  const owner = await createOwner(request, 'addsup');
  await activateViaApi(request, owner.token);
  const paymentMethod = await verifiedBank(page, request, owner);
  await addFunds(request, owner.token, paymentMethod, 300_000);
  await advanceClock(request, 61);
  await payCreator(request, owner.token, 12_345);
  await advanceClock(request, 61);
  await paidInvoice(request, owner.token, 25_000);
  // Executed, not posted yet: held. And $500.00 on its way by ACH: incoming.
  await payCreator(request, owner.token, 4_321);
  await addFunds(request, owner.token, paymentMethod, 50_000);

  await openSignedIn(page, owner.token, '/wallets?tab=usOnly');
  const grid = page.getByRole('grid', { name: 'Transactions' });
  // The card charge's success is booked by a job just after the payer's request answers, and the
  // balance and the rows are two requests: one may be read before the booking, the other after.
  // Look again until both show it; rows that never add up to the balance still fail.
  await expect(async () => {
    await page.reload();
    for (const label of [
      'Funds added by ACH',
      'Funds arriving by ACH',
      'Payout posted',
      'Invoice paid by card',
      'Invoice money arrived in the wallet',
      'Held until sent',
    ]) {
      await expect(grid.getByRole('row').filter({ hasText: label }).first()).toBeVisible({ timeout: 3_000 });
    }
    expect(await shownRowSums(page)).toEqual(await shownBalance(page));
  }).toPass({ timeout: 40_000 });
  const shown = await shownBalance(page);
  expect(shown.incoming).toBe(50_000);
  expect(shown.held).toBeGreaterThanOrEqual(4_321);
  // The card's money went from Stripe's payments balance to the wallet with its payout (the sandbox pays out as it settles).
  expect(shown.arriving).toBe(0);
  expect(shown.total).toBe(shown.available + shown.incoming + shown.arriving + shown.held);
  expect(await shownRowSums(page)).toEqual(shown);
  await screenshot(page, { path: shotPath('wallets-08-adds-up'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: shotPath('wallets-09-adds-up-390'), fullPage: true });
});
