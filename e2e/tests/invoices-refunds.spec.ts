import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const screenshotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

/** An activated organisation's invoice, paid by the brand through its link with a sandbox test card. */
async function paidInvoice(request: APIRequestContext, label: string, card: string) {
  const owner = await createOwner(request, label, 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');
  const invoice = await sendInvoiceViaApi(request, owner.token, { email, name: 'Cola Co', amount: 25_000 });
  const linkId = new URLSearchParams((await readPayLink(request, email)).split('?')[1]).get('id')!;
  const token = await request.post('/v1/sandbox_payments/card_tokens', { data: { number: card, exp: '12/34', cvc: '123' } });
  const paid = await request.post(`/v1/expiring_link?id=${encodeURIComponent(linkId)}`, {
    data: { method: 'card', payment_method: ((await token.json()) as { id: string }).id },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { owner, invoice: invoice as { id: string } };
}

test('[invoices] an owner refunds part of a paid invoice from its page, and the refund shows on it', async ({ page, request }) => {
  const { owner, invoice } = await paidInvoice(request, 'invoices-refund', '4242424242424242');
  await openSignedIn(page, owner.token, `/invoices/${invoice.id}`);
  const paymentInfo = page.getByRole('region', { name: 'Payment info' });
  // The charge succeeds in a job after the pay call answers: reload until the page shows it.
  await expect(async () => {
    await page.reload();
    await expect(paymentInfo).toContainText('$250.00 (fee $7.55) · Succeeded', { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await paymentInfo.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('250.00');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('300');
  await expect(dialog.getByText('The refund cannot exceed the $250.00 still refundable')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Refund/ })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('100');
  await screenshot(page, { path: screenshotPath('invoices-refund-dialog'), fullPage: true });
  await dialog.getByRole('button', { name: 'Refund $100.00' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment info' })).toContainText('Refund $100.00 · Refunded', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await screenshot(page, { path: screenshotPath('invoices-refunded'), fullPage: true });
});

test('[invoices] a disputed payment shows its dispute on the invoice and offers no refund', async ({ page, request }) => {
  const { owner, invoice } = await paidInvoice(request, 'invoices-dispute', '4000000000000259');
  await advanceClock(request, 86_402);
  await openSignedIn(page, owner.token, `/invoices/${invoice.id}`);
  const paymentInfo = page.getByRole('region', { name: 'Payment info' });
  await expect(paymentInfo).toContainText('Disputed $250.00 (fraudulent) · Needs a response · taken from your wallet');
  await expect(paymentInfo.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await screenshot(page, { path: screenshotPath('invoices-disputed'), fullPage: true });
});
