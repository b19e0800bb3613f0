import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

type Profit = { collected: number; paid_out: number; fees: number; margin: number; invoiced: number; deal_size: number };
const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function post(request: APIRequestContext, token: string, url: string, data: unknown, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A funded organisation whose campaign has an invoice of $400 paid by card and a payout of $150 posted. */
async function campaignWithMoney(request: APIRequestContext) {
  const owner = await createOwner(request, 'profit', 'Contoso Talent');
  await activateViaApi(request, owner.token);
  await post(request, owner.token, '/v1/treasury/load', { amount: 100_000 });
  const email = uniqueEmail('brand');
  const customer = await post(request, owner.token, '/v1/customers', { name: 'Fizz Drinks', email });
  const campaign = await post(request, owner.token, '/v1/campaigns', { title: 'Summer Fizz', customer_id: customer.id, deal_size: 60_000 });
  await sendInvoiceViaApi(request, owner.token, { customer_id: customer.id, amount: 40_000, payment_group_id: campaign.id });
  const linkId = new URL(await readPayLink(request, email), 'http://x').searchParams.get('id')!;
  const card = await post(request, owner.token, '/v1/sandbox_payments/card_tokens', {
    number: '4242424242424242',
    exp: '12/39',
    cvc: '123',
  });
  await post(request, owner.token, `/v1/expiring_link?id=${encodeURIComponent(linkId)}`, { method: 'card', payment_method: card.id });
  const creator = await post(request, owner.token, '/v1/creators', {
    email: uniqueEmail('creator'),
    first_name: 'Pia',
    last_name: 'Profit',
    account_number: '000123456789',
    routing_number: '110000000',
  });
  const row = {
    recipient: creator.id,
    recipient_role: 'creator',
    earnings: 15_000,
    split: 100,
    memo: 'Reel',
    payment_group_id: campaign.id,
  };
  const [payment] = (await post(request, owner.token, '/v1/payments', [row])).data;
  await post(request, owner.token, '/v1/payments/initiate', { ids: [payment.id] }, 'put');
  await advanceClock(request, 61);
  // The charge and the payout are booked by jobs after the calls answer: wait for the ledger.
  let profit: Profit | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/v1/campaigns/${campaign.id}/profit`, { headers: { 'auth-token': owner.token } });
      profit = (await response.json()) as Profit;
      return profit.collected > 0 && profit.paid_out > 0;
    })
    .toBe(true);
  return { owner, campaign: campaign as { id: string }, profit: profit! };
}

test('[campaigns] the overview shows the profit figures and chart; /reports lists the campaign by margin and exports it as CSV', async ({
  page,
  request,
}) => {
  const { owner, campaign, profit } = await campaignWithMoney(request);
  expect(profit).toMatchObject({ deal_size: 60_000, invoiced: 40_000, collected: 40_000 });
  await openSignedIn(page, owner.token, `/campaigns/${campaign.id}`);
  const card = page.getByRole('region', { name: 'Profit' });
  for (const [label, cents] of [
    ['Deal size', 60_000],
    ['Invoiced', 40_000],
    ['Collected', 40_000],
    ['Paid out', profit.paid_out],
    ['Fees', profit.fees],
    ['Margin', profit.margin],
  ] as const) {
    await expect(
      card
        .getByRole('definition')
        .filter({ hasText: dollars(cents) })
        .first(),
      label,
    ).toBeVisible();
    await expect(card.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(card.locator('svg.MuiChartsSurface-root, .MuiBarChart-root svg').first()).toBeVisible();
  await expect(card.getByRole('table', { name: 'Collected, paid out and fees by month, last 12 months' })).toBeAttached();
  await shot(page, 'campaign-profit-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('term').filter({ hasText: /^Margin$/ })).toBeVisible();
  await shot(page, 'campaign-profit-390');
  // Nothing is wider than the phone (the chart's hidden table included).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const table = page.getByRole('grid', { name: 'Campaigns by margin' }).or(page.getByRole('table', { name: 'Campaigns by margin' }));
  const summer = table.getByRole('row', { name: /Summer Fizz/ });
  await expect(summer).toContainText(dollars(profit.margin));
  await shot(page, 'reports-1440');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('campaigns_report.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Campaign,Customer,Deal size,Invoiced,Collected,Paid out,Withheld tax,Fees,Refunds,Disputes,Margin');
  const money = (cents: number) => (cents / 100).toFixed(2);
  expect(csv).toContain(
    [
      'Summer Fizz',
      'Fizz Drinks',
      '600.00',
      '400.00',
      '400.00',
      money(profit.paid_out),
      // Withheld tax: none here (every payee has a W-9 or backup withholding is off).
      '0.00',
      money(profit.fees),
      '0.00',
      '0.00',
      money(profit.margin),
    ].join(','),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'reports-390');
});
