import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, readEmailedLink, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';

test('[invoices] the owner bills a customer in euros; the customer pays the EUR invoice by card on the pay page; the invoice shows the USD settled', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'invoices-currency', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');

  await openSignedIn(page, owner.token, '/invoices/newInvoice');
  const recipient = page.getByRole('region', { name: 'Recipient' });
  await recipient.getByRole('combobox', { name: 'Recipient email' }).fill(email);
  await recipient.getByRole('textbox', { name: 'Recipient name' }).fill('Brasserie Lumière');
  const invoiceCard = page.getByRole('region', { name: 'Invoice', exact: true });
  await invoiceCard.getByRole('textbox', { name: 'Title' }).fill('Paris launch');
  await invoiceCard.getByRole('textbox', { name: 'Description' }).fill('Three reels');
  await invoiceCard.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('1250.50');
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(toast(page, 'Invoice has been sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices$/);
  // The list shows the invoice in its own currency.
  await expect(page.getByRole('gridcell', { name: '€1,250.50' })).toBeVisible();

  // The customer's pay page: the amount in euros, and the card (a bank debit is USD only).
  const payLink = await readEmailedLink(request, email, '/invoices/pay?id=');
  await page.goto(payLink);
  await expect(page.getByText('€1,250.50').first()).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Amount: €1,250.50')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('Your payment of €1,250.50 has been sent!', { exact: false })).toBeVisible();

  // The owner sees it paid, in euros, with the dollars Stripe settled and the rate.
  await openSignedIn(page, owner.token, '/invoices?tab=all');
  await page.getByRole('link', { name: 'Paris launch' }).click();
  await expect(page.getByText('€1,250.50').first()).toBeVisible();
  await expect(page.getByLabel('Settled in USD')).toHaveText('Settled $1,355.67 in USD at 1.0841 USD per EUR');
});
