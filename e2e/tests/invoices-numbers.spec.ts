import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

test('[invoices] invoices carry sequential numbers; an owner sets the prefix in Settings and the next invoice takes it', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'invoice-numbers');
  await activateViaApi(request, owner.token);
  const email = uniqueEmail('brand');
  const first = await sendInvoiceViaApi(request, owner.token, { email, name: 'Acme Brand', title: 'First posts' });

  await openSignedIn(page, owner.token, '/settings');
  const card = page.getByRole('region', { name: 'Invoice numbers' });
  const prefix = card.getByRole('textbox', { name: 'Invoice number prefix' });
  await expect(prefix).toHaveValue('INV-');
  await prefix.fill('bad prefix');
  await expect(card.getByText("Use up to 12 letters, digits, '-', '_', '/' or '.'")).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await prefix.fill('NW-');
  await expect(card.getByText('The next invoice reads like NW-0001')).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Organization updated!')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'invoice-numbers-settings');

  await sendInvoiceViaApi(request, owner.token, { customer_id: first.customer_id, title: 'Second posts' });
  await page.goto('/invoices');
  const table = page.getByRole('grid', { name: 'Invoices' });
  await expect(table.getByRole('columnheader', { name: 'Number', exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /NW-0002 Second posts/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /INV-0001 First posts/ })).toBeVisible();
  await shot(page, 'invoice-numbers-list');
  await table.getByRole('link', { name: 'First posts' }).click();
  await expect(page.getByRole('heading', { name: 'INV-0001 · First posts' })).toBeVisible();

  // The payer's page names the invoice by its number too.
  await page.goto(await readPayLink(request, email));
  await expect(page.getByText('Invoice NW-0002')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'invoice-numbers-pay-390');
});
