import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { readPayLink } from './support/invoices.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('[invoices] sends an invoice with a CC and a PDF, the brand pays one by card and one by bank, both Paid and the wallet grows', async ({
  page,
  browser,
  request,
}) => {
  // One journey across two browsers and the sandbox clock: longer than a single screen's test.
  test.setTimeout(180_000);
  const owner = await createOwner(request, 'invoices', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const brandEmail = uniqueEmail('brand');
  const ccEmail = uniqueEmail('ap');

  await openSignedIn(page, owner.token, '/invoices');
  await page
    .getByRole('button', { name: 'New Invoice' })
    .or(page.getByRole('link', { name: 'New Invoice' }))
    .click();
  await expect(page).toHaveURL(/\/invoices\/newInvoice$/);
  const send = page.getByRole('button', { name: 'Send Invoice' });
  await expect(send).toBeDisabled();
  const recipient = page.getByRole('region', { name: 'Recipient' });
  await recipient.getByRole('combobox', { name: 'Recipient email' }).fill(brandEmail);
  await recipient.getByRole('textbox', { name: 'Recipient name' }).fill('Fizz Drinks');
  await recipient.getByRole('textbox', { name: 'CC emails' }).fill(`${ccEmail}, nope`);
  await expect(recipient.getByText('CC emails must be valid emails separated by commas')).toBeVisible();
  await recipient.getByRole('textbox', { name: 'CC emails' }).fill(ccEmail);
  await recipient.getByLabel('Email attachment').setInputFiles({ name: 'fizz-invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(recipient.getByText('fizz-invoice.pdf')).toBeVisible();
  const invoiceCard = page.getByRole('region', { name: 'Invoice', exact: true });
  await invoiceCard.getByRole('textbox', { name: 'Title' }).fill('Summer launch');
  await invoiceCard.getByRole('textbox', { name: 'Description' }).fill('Ten posts and three stories');
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('0.50');
  await expect(invoiceCard.getByText('Invalid amount')).toBeVisible();
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('250');
  await expect(invoiceCard.getByText(/Card \(fees: \$0\.30 \+ 2\.9%\)/)).toBeVisible();
  await expect(invoiceCard.getByText(/Bank \(fees: 0\.8% \(max \$5\.00\)\)/)).toBeVisible();
  await shot(page, 'invoices-01-new-invoice');
  await send.click();
  await expect(toast(page, 'Invoice has been sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices$/);
  const table = page.getByRole('grid', { name: 'Invoices' });
  await expect(table.getByRole('row', { name: /Summer launch/ })).toContainText('$250.00');
  await expect(table.getByRole('row', { name: /Summer launch/ })).toContainText('Net 30');
  // The CC got the pay link too (read now: the customer keeps this CC for its next invoices).
  const cardLink = await readPayLink(request, ccEmail);

  // A second invoice to the same customer, for the bank payment.
  const customers = (await (await request.get('/v1/customers', { headers: { 'auth-token': owner.token } })).json()) as {
    data: { id: string; email: string }[];
  };
  const customerId = customers.data.find((customer) => customer.email === brandEmail)!.id;
  const second = await request.post('/v1/invoices', {
    headers: { 'auth-token': owner.token },
    data: { customer_id: customerId, title: 'Autumn launch', description: 'Stories', amount: 40_000, net: 0 },
  });
  expect(second.status(), await second.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Receivable' })).toContainText('$650.00');
  await expect(page.getByRole('region', { name: 'To-do' })).toContainText('Unpaid Invoice');
  await shot(page, 'invoices-02-home-receivable');

  // The brand opens the emailed link (the CC got it too) without signing in and pays by card.
  const brand = await browser.newContext();
  const payer = await brand.newPage();
  await payer.goto(cardLink);
  await expect(payer.getByText('Summer launch')).toBeVisible();
  await expect(payer.getByText('Northwind Studios')).toBeVisible();
  await expect(payer.getByText('Fizz Drinks')).toBeVisible();
  await expect(payer.getByRole('radio', { name: 'Bank account' })).toBeChecked();
  await payer.getByRole('radio', { name: 'Credit card' }).check();
  const cont = payer.getByRole('button', { name: 'Continue' });
  await payer.getByLabel('Card number').fill('4242 4242 4242 4241');
  await expect(payer.getByText('Your card number is invalid')).toBeVisible();
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiration (MM/YY)').fill('1934');
  await expect(payer.getByLabel('Expiration (MM/YY)')).toHaveValue('12/34');
  await expect(cont).toBeDisabled();
  await payer.getByLabel('CVC').fill('123');
  await shot(payer, 'invoices-03-pay-card');
  await cont.click();
  await expect(payer.getByText('Card · Visa •••• 4242')).toBeVisible();
  await payer.getByRole('button', { name: 'Back' }).click();
  await payer.getByRole('button', { name: 'Continue' }).click();
  await shot(payer, 'invoices-04-confirm');
  await payer.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(payer.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(payer.getByText(/Your payment of \$250\.00 has been sent! A receipt has been emailed to you/)).toBeVisible();
  await shot(payer, 'invoices-05-thank-you');

  // The second invoice by the sandbox bank link; the ACH debit settles when the clock moves.
  await payer.goto(await readPayLink(request, brandEmail));
  await expect(payer.getByText('Autumn launch')).toBeVisible();
  await expect(payer.getByText('Due upon invoice')).toBeVisible();
  await payer.getByRole('button', { name: 'Connect to Plaid' }).click();
  const bankDialog = payer.getByRole('dialog');
  await bankDialog.getByRole('button', { name: 'First Platypus Bank' }).click();
  await bankDialog.getByLabel('Username').fill('user_good');
  await bankDialog.getByLabel('Password').fill('pass_good');
  await bankDialog.getByRole('button', { name: 'Submit' }).click();
  await shot(payer, 'invoices-06-bank-accounts');
  await bankDialog.getByRole('button', { name: /Plaid Checking/ }).click();
  await expect(payer.getByText('Bank transfer (ACH) · Plaid Checking •••• 6789')).toBeVisible();
  // The debit needs the account holder's name (the recipient's, changeable) and their authorisation.
  await expect(payer.getByRole('textbox', { name: 'Name on the bank account' })).toHaveValue('Fizz Drinks');
  await payer.getByRole('checkbox', { name: /I authorize Northwind Studios to debit/ }).check();
  await payer.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(payer.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await brand.close();
  await advanceClock(request, 61);

  await page.goto('/invoices?tab=paid');
  await expect(table.getByRole('row', { name: /Summer launch/ })).toContainText('Paid');
  await expect(table.getByRole('row', { name: /Autumn launch/ })).toContainText('Paid');
  await shot(page, 'invoices-07-paid');
  await table.getByRole('link', { name: 'Summer launch' }).click();
  const paymentInfo = page.getByRole('region', { name: 'Payment info' });
  await expect(paymentInfo).toContainText('Visa •••• 4242');
  await expect(paymentInfo).toContainText('$250.00 (fee $7.55) · Succeeded');
  await expect(page.getByRole('region', { name: 'Invoice info' })).toContainText('fizz-invoice.pdf');
  await shot(page, 'invoices-08-detail');

  // $250.00 - $7.55 + $400.00 - $3.20, and nothing left to collect.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('$639.25');
  await expect(page.getByRole('region', { name: 'Receivable' })).toContainText('$0.00');
});

test('[invoices] cancels an open invoice from the customer tab and the pay link then says it was canceled', async ({ page, request }) => {
  const owner = await createOwner(request, 'invoices-cancel', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');
  const created = await request.post('/v1/invoices', {
    headers: { 'auth-token': owner.token },
    data: { email, name: 'Cola Co', title: 'Winter promo', description: 'Posts', amount: 12_000, net: 60 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const invoice = (await created.json()) as { customer_id: string };
  await openSignedIn(page, owner.token, `/customers/${invoice.customer_id}?tab=invoices`);
  const table = page.getByRole('grid', { name: 'Invoices' });
  const row = table.getByRole('row', { name: /Winter promo/ });
  await expect(row).toContainText('Net 60', { timeout: 30_000 });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to cancel this invoice?');
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('checkbox')).toBeDisabled();
  await shot(page, 'invoices-09-customer-tab');

  await page.goto(await readPayLink(request, email));
  await expect(page.getByText('Sorry! This invoice has been canceled by the requestor.')).toBeVisible();
  await page.goto('/invoices/pay?id=not-a-link');
  await expect(page.getByText('There was an issue retrieving info for this action')).toBeVisible();
});
