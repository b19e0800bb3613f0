import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';

test('[invoices] New Invoice opens from /invoices and sends without an error toast or a request for an empty customer', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'invoices-new', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const failedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/') && response.status() >= 400) failedCalls.push(`${response.status()} ${response.url()}`);
  });

  await openSignedIn(page, owner.token, '/invoices');
  await page
    .getByRole('button', { name: 'New Invoice' })
    .or(page.getByRole('link', { name: 'New Invoice' }))
    .click();
  await expect(page).toHaveURL(/\/invoices\/newInvoice$/);
  await expect(page.getByRole('heading', { name: 'New Invoice', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // No toast at all on opening (it used to say the empty customer was not found).
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0);

  const recipient = page.getByRole('region', { name: 'Recipient' });
  await recipient.getByRole('combobox', { name: 'Recipient email' }).fill(uniqueEmail('brand'));
  await recipient.getByRole('textbox', { name: 'Recipient name' }).fill('Fizz Drinks');
  const invoiceCard = page.getByRole('region', { name: 'Invoice', exact: true });
  await invoiceCard.getByRole('textbox', { name: 'Title' }).fill('Spring launch');
  await invoiceCard.getByRole('textbox', { name: 'Description' }).fill('Four posts');
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('120');
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(toast(page, 'Invoice has been sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices$/);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#notistack-snackbar').filter({ hasNotText: 'Invoice has been sent!' })).toHaveCount(0);
  expect(failedCalls).toEqual([]);
});
