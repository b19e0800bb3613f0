import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), fullPage: true });

/** An activated organisation's campaign invoice (card only) funding one draft payment to a creator without payout details. */
async function fundingInvoice(request: APIRequestContext) {
  const owner = await createOwner(request, 'release-when-paid');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const customerEmail = uniqueEmail('brand');
  const customer = await request.post('/v1/customers', { headers, data: { name: 'Cola Co', email: customerEmail } });
  const customerId = ((await customer.json()) as { id: string }).id;
  const campaign = await request.post('/v1/campaigns', { headers, data: { title: 'Spring launch', customer_id: customerId } });
  const campaignId = ((await campaign.json()) as { id: string }).id;
  const creator = await request.post('/v1/creators', {
    headers,
    data: { email: uniqueEmail('creator'), first_name: 'Robin', last_name: 'Payee' },
  });
  const drafts = await request.post('/v1/payments', {
    headers,
    data: [
      {
        recipient: ((await creator.json()) as { id: string }).id,
        recipient_role: 'creator',
        earnings: 3_000,
        split: 100,
        memo: 'Reel',
        payment_group_id: campaignId,
      },
    ],
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const paymentId = ((await drafts.json()) as { data: { id: string }[] }).data[0]!.id;
  const invoice = await sendInvoiceViaApi(request, owner.token, {
    customer_id: customerId,
    payment_group_id: campaignId,
    funded_payments: [paymentId],
    disallowed_methods: ['bank'],
  });
  return { owner, invoice, campaignId, payLink: await readPayLink(request, customerEmail) };
}

test('[invoices] Release when paid: the funded payment waits, the brand pays by card, and the payment goes out by itself', async ({
  page,
  request,
}) => {
  const { owner, invoice, campaignId, payLink } = await fundingInvoice(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, owner.token, `/invoices/${invoice.id}`);
  const funded = page.getByRole('region', { name: 'Funded payments' });
  await expect(funded.getByRole('row', { name: /Reel/ })).toContainText('Draft');
  await funded.getByRole('button', { name: 'Release when paid' }).click();
  await expect(funded.getByRole('status')).toHaveText('Release when paid: Waiting for the invoice to be paid');
  await shot(page, 'invoices-release-when-paid-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(funded.getByRole('button', { name: 'Stop waiting' })).toBeVisible();
  await shot(page, 'invoices-release-when-paid-390');

  // The campaign's payments say what the payment waits for, in Execute's words.
  const number = (
    (await (await request.get(`/v1/invoices/${invoice.id}`, { headers: { 'auth-token': owner.token } })).json()) as { number: string }
  ).number;
  await page.goto(`/campaigns/${campaignId}?tab=payments`);
  const waiting = page.getByRole('alert', { name: 'Payments waiting on an invoice' });
  await expect(waiting).toContainText(`$30.00 to Robin Payee: Waits for invoice ${number} to be paid`);
  await shot(page, 'campaign-release-status-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(waiting).toBeVisible();
  await shot(page, 'campaign-release-status-1440');

  await page.goto(payLink);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  await page.goto(`/invoices/${invoice.id}`);
  await expect(funded.getByRole('status')).toHaveText('Release when paid: Released');
  // The creator has no payout details yet: executed, the payment waits for them (Awaiting input).
  await expect(funded.getByRole('row', { name: /Reel/ })).toContainText('Awaiting input');
  await expect(funded.getByRole('button', { name: 'Stop waiting' })).toHaveCount(0);
  await shot(page, 'invoices-release-when-paid-released');
});
