import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { sendInvoiceViaApi } from './support/invoices.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

async function addCustomer(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const response = await request.post('/v1/customers', {
    headers: { 'auth-token': token },
    data: { email: uniqueEmail('brand'), ...data },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string };
}

test('[invoices] Send SMS reminder texts the pay link to a customer with a phone; the text is on the sandbox SMS page', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'invoices-sms', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const withPhone = await addCustomer(request, owner.token, { name: 'Fizz Drinks', phone_number: '+1 415 555 0142' });
  const withoutPhone = await addCustomer(request, owner.token, { name: 'Quiet Co' });
  await sendInvoiceViaApi(request, owner.token, { customer_id: withPhone.id, title: 'Texted invoice', amount: 32_100 });
  await sendInvoiceViaApi(request, owner.token, { customer_id: withoutPhone.id, title: 'No phone invoice' });

  await openSignedIn(page, owner.token, '/invoices');
  const table = page.getByRole('grid', { name: 'Invoices' });
  // One export: the server's invoices_report of every row (not the grid's export of the page shown).
  await expect(table.getByRole('row', { name: /Texted invoice/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('invoices_report.csv');
  const sms = page.getByRole('button', { name: 'Send SMS reminder' });
  // SMS is offered only when a chosen invoice's customer has a phone number.
  await table
    .getByRole('row', { name: /No phone invoice/ })
    .getByRole('checkbox')
    .check();
  await expect(sms).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send email reminder' })).toBeEnabled();
  await table
    .getByRole('row', { name: /No phone invoice/ })
    .getByRole('checkbox')
    .uncheck();
  await table
    .getByRole('row', { name: /Texted invoice/ })
    .getByRole('checkbox')
    .check();
  await expect(sms).toBeEnabled();
  await sms.click();
  await expect(toast(page, 'Reminder(s) have been sent!')).toBeVisible();

  // The outbox's job sends it just after the request answers; the page shows it then.
  const text = page.locator('article').filter({ hasText: 'to +14155550142' });
  await expect
    .poll(
      async () => {
        await page.goto('/dev/sms');
        return text.locator('header').textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/· sent$/);
  await expect(text).toContainText(/Northwind Studios: invoice INV-\d{4} "Texted invoice" for \$321\.00/);
  const payLink = /Pay: (https?:\/\/\S+\/invoices\/pay\?id=\S+)/.exec((await text.first().textContent()) ?? '')?.[1];
  expect(payLink).toBeTruthy();
  await shot(page, 'invoices-11-sandbox-sms');
  const url = new URL(payLink!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText('Texted invoice')).toBeVisible();
  await expect(page.getByText('$321.00').first()).toBeVisible();
});

test('[invoices] picks the payments an invoice funds with the transfer list, and the invoice lists them', async ({ page, request }) => {
  const owner = await createOwner(request, 'invoices-funded', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const customer = await addCustomer(request, owner.token, { name: 'Fizz Drinks' });
  const campaign = await request.post('/v1/campaigns', { headers, data: { title: 'Summer reels', customer_id: customer.id } });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const campaignId = ((await campaign.json()) as { id: string }).id;
  const creator = await request.post('/v1/creators', {
    headers,
    data: { email: uniqueEmail('maya'), first_name: 'Maya', last_name: 'Lopez' },
  });
  expect(creator.status(), await creator.text()).toBe(200);
  const creatorId = ((await creator.json()) as { id: string }).id;
  const drafts = await request.post('/v1/payments', {
    headers,
    data: [
      { recipient: creatorId, recipient_role: 'creator', earnings: 40_000, split: 100, memo: 'Reel one', payment_group_id: campaignId },
      { recipient: creatorId, recipient_role: 'creator', earnings: 20_000, split: 100, memo: 'Reel two', payment_group_id: campaignId },
      { recipient: creatorId, recipient_role: 'creator', earnings: 5_000, split: 100, memo: 'Teaser', payment_group_id: campaignId },
    ],
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const teaserId = ((await drafts.json()) as { data: { id: string; memo: string }[] }).data.find(
    (payment) => payment.memo === 'Teaser',
  )!.id;
  // The teaser is funded already: another invoice cannot pick it.
  await sendInvoiceViaApi(request, owner.token, {
    customer_id: customer.id,
    payment_group_id: campaignId,
    title: 'Teaser invoice',
    amount: 5_000,
    funded_payments: [teaserId],
  });

  await openSignedIn(page, owner.token, `/invoices/newInvoice?customerId=${customer.id}&campaignId=${campaignId}`);
  const funded = page.getByRole('region', { name: 'Funded payments' });
  await expect(funded.getByRole('heading', { name: 'What Payments does this Invoice fund?' })).toBeVisible();
  await funded.getByLabel('About funded payments').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'If the earnings of the funded payments are more than the invoice, accounting journal entries for this invoice will fail. An invoice above their earnings (a margin) is booked as it is.',
  );
  const campaignList = funded.getByRole('list', { name: 'Campaign payments' });
  const fundedList = funded.getByRole('list', { name: 'Funded by this invoice' });
  await expect(funded.getByText('Earnings', { exact: true }).first()).toBeVisible();
  const reelOne = campaignList.getByRole('listitem').filter({ hasText: 'Reel one' });
  await expect(reelOne).toContainText('Maya Lopez');
  await expect(reelOne).toContainText('$400.00');
  await expect(reelOne).toContainText('Draft');
  const teaser = campaignList.getByRole('listitem').filter({ hasText: 'Teaser' });
  await expect(teaser).toContainText('Funded by Teaser invoice');
  await expect(teaser.getByRole('checkbox')).toBeDisabled();

  const invoiceCard = page.getByRole('region', { name: 'Invoice', exact: true });
  await invoiceCard.getByRole('textbox', { name: 'Title' }).fill('Reels invoice');
  await invoiceCard.getByRole('textbox', { name: 'Description' }).fill('Two reels');
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('600');
  // Reel one by pointer, Reel two by keyboard alone (Tab to its row, Space, then the move button).
  await reelOne.getByRole('button').click();
  await funded.getByRole('button', { name: 'Move selected to Funded by this invoice' }).click();
  await expect(fundedList).toContainText('Reel one');
  // A margin (the invoice above the earnings) is no warning; an invoice below them is.
  await expect(funded.getByRole('alert')).toHaveCount(0);
  await expect(funded.getByText('1 funded, earnings $400.00, margin $200.00')).toBeVisible();
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('300');
  await expect(funded.getByRole('alert')).toHaveText(
    "Funded payments' earnings total $400.00, more than the invoice's $300.00: accounting journal entries will fail until the invoice covers them.",
  );
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('600');
  await expect(funded.getByRole('alert')).toHaveCount(0);
  await funded.getByRole('checkbox', { name: 'Select all of Campaign payments' }).focus();
  await page.keyboard.press('Tab');
  await expect(campaignList.getByRole('listitem').filter({ hasText: 'Reel two' }).getByRole('button')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(funded.getByText('1/1 selected')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(funded.getByRole('button', { name: 'Move selected to Funded by this invoice' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(fundedList.getByRole('listitem')).toHaveCount(2);
  await expect(campaignList.getByRole('listitem')).toHaveCount(1);
  await expect(funded.getByRole('alert')).toHaveCount(0);
  await expect(funded).toContainText('2 funded, earnings $600.00');
  await shot(page, 'invoices-12-funded-payments');
  // On a phone the two lists stack, the move buttons between them.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(funded.getByRole('button', { name: 'Move all to Campaign payments' })).toBeVisible();
  await shot(page, 'invoices-12-funded-payments-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(toast(page, 'Invoice has been sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices$/);

  await page.getByRole('grid', { name: 'Invoices' }).getByRole('link', { name: 'Reels invoice' }).click();
  const fundedCard = page.getByRole('region', { name: 'Funded payments' });
  const fundedRows = fundedCard.getByRole('grid', { name: 'Funded payments' });
  await expect(fundedRows.getByRole('row', { name: /Reel one/ })).toContainText('$400.00');
  await expect(fundedRows.getByRole('row', { name: /Reel two/ })).toContainText('$200.00');
  await expect(fundedCard.getByRole('alert')).toHaveCount(0);
  await shot(page, 'invoices-13-funded-detail');
  // The link both ways: the payment names the invoice that funds it.
  await fundedRows
    .getByRole('row', { name: /Reel one/ })
    .getByRole('link', { name: 'Maya Lopez' })
    .click();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Reels invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Reels invoice' })).toBeVisible();

  // Edit moves the invoice off the campaign: its funded payments are let go, as the dialog warns.
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit invoice' });
  await dialog.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: 'No campaign' }).click();
  await expect(dialog.getByText('Another campaign leaves the payments this invoice funds unfunded')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('650');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Invoice updated!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linked Campaign' })).toContainText('No campaign');
  await expect(page.getByRole('region', { name: 'Invoice info' })).toContainText('$650.00');
  await expect(page.getByRole('region', { name: 'Funded payments' })).toContainText('This invoice funds no payments');
});
