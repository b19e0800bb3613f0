import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, uniqueEmail } from './support/api.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { choosePasswordFromInvitation, signInOnPortalSide } from './support/portal-login.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

/**
 * M/D/YYYY of the server's today plus `days` (the web's formatDate of a due date). Its today is
 * the sandbox clock's, which an earlier spec of this worker may have moved.
 */
const dueOn = async (request: APIRequestContext, days: number) => {
  const date = new Date(((await (await request.get('/dev/clock')).json()) as { now: string }).now);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
};

test('[invoices] a customer signs in to the portal, sees their invoices and pays an open one on its public page', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'portal-invoices', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const email = uniqueEmail('brand');
  const customer = (await (await request.post('/v1/customers', { headers, data: { name: 'Acme Brand', email } })).json()) as { id: string };
  const campaign = await request.post('/v1/campaigns', { headers, data: { title: 'Spring launch', customer_id: customer.id } });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const campaignId = ((await campaign.json()) as { id: string }).id;
  await sendInvoiceViaApi(request, owner.token, {
    customer_id: customer.id,
    title: 'Spring posts',
    amount: 125_000,
    net: 60,
    payment_group_id: campaignId,
  });
  await sendInvoiceViaApi(request, owner.token, { customer_id: customer.id, title: 'Paid offline', processor: 'offline', net: 0 });
  const canceled = await sendInvoiceViaApi(request, owner.token, { customer_id: customer.id, title: 'Called off' });
  expect((await request.post(`/v1/invoices/${canceled.id}/cancel`, { headers })).status()).toBe(200);
  // Another organisation bills the same email without inviting it: not in this portal.
  const other = await createOwner(request, 'portal-invoices-other', 'Blue Harbor Media');
  await activateViaApi(request, other.token);
  await sendInvoiceViaApi(request, other.token, { email, name: 'Acme Brand', title: 'Not yours' });

  // The offline invoice's emailed link shows the invoice and says how it is paid: no form to fail.
  await page.goto(await readPayLink(request, email, 'Paid offline'));
  await expect(page.getByRole('heading', { name: 'Paid offline' })).toBeVisible();
  await expect(page.getByText('Payment is arranged with Northwind Studios directly: this invoice is not paid online.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await shot(page, 'invoices-09-offline-pay-page');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'invoices-09-offline-pay-page-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  expect((await request.post(`/v1/customers/${customer.id}/portal_invite`, { headers })).status()).toBe(200);
  await choosePasswordFromInvitation(request, email);
  await signInOnPortalSide(page, email);
  await expect(page).toHaveURL(/\/creator$/);
  await page.getByRole('navigation', { name: 'Main' }).getByText('Invoices', { exact: true }).click();
  await expect(page).toHaveURL(/\/creator\/invoices$/);

  const table = page.getByRole('grid', { name: 'Invoices' });
  for (const header of ['Title', 'Amount', 'Net', 'Due date', 'Status', 'Campaign'])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const open = table.getByRole('row', { name: /Spring posts/ });
  await expect(open).toContainText('$1,250.00');
  await expect(open).toContainText('Net 60');
  await expect(open).toContainText(await dueOn(request, 60));
  await expect(open).toContainText('Open');
  await expect(open).toContainText('Spring launch');
  const offline = table.getByRole('row', { name: /Paid offline/ });
  await expect(offline).toContainText('Due upon invoice');
  await expect(offline.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Called off/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Not yours/ })).toHaveCount(0);
  await shot(page, 'invoices-10-portal-list');

  await open.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/invoices\/pay\?id=/);
  await expect(page.getByText('Spring posts')).toBeVisible();
  await expect(page.getByText('Northwind Studios')).toBeVisible();
  await page.getByRole('radio', { name: 'Credit card' }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/Your payment of \$1,250\.00 has been sent!/)).toBeVisible();

  // The card charge settles through the provider outbox a moment after the Thank you.
  await expect(async () => {
    await page.goto('/creator/invoices');
    await expect(table.getByRole('row', { name: /Spring posts/ })).toContainText('Paid', { timeout: 3_000 });
  }).toPass();
  await expect(table.getByRole('row', { name: /Spring posts/ }).getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // Each invoice's PDF, and the receipt of a paid one (an open invoice has none).
  const paid = table.getByRole('row', { name: /Spring posts/ });
  await expect(paid).toContainText('INV-0001');
  for (const [button, file] of [
    ['PDF of invoice INV-0001', 'Invoice-INV-0001.pdf'],
    ['Receipt of invoice INV-0001', 'Receipt-INV-0001.pdf'],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await table.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
  await expect(table.getByRole('button', { name: 'PDF of invoice INV-0002' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Receipt of invoice INV-0002' })).toHaveCount(0);
  await shot(page, 'invoices-11-portal-documents');
  await expect(toast(page, 'There was an issue')).toHaveCount(0);
});
