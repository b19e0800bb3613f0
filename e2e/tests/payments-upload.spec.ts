import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const HEADER = 'recipient,amount,earnings,split,memo,campaign,execute_on';
const csvFile = (rows: string[]) => ({ name: 'payments.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) });
// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `payments-upload-${name}.png`),
    animations: 'disabled',
  });

test('[payments] Upload CSV: a file with errors shows each row error, the fixed file creates its drafts', async ({ page, request }) => {
  const owner = await createOwner(request, 'upload');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  const emails = [uniqueEmail('upload-ulla'), uniqueEmail('upload-otto')];
  for (const [index, email] of emails.entries()) {
    const created = await request.post('/v1/creators', {
      headers,
      data: { email, first_name: ['Ulla', 'Otto'][index], last_name: 'Upload' },
    });
    expect(created.status(), await created.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, owner.token, '/payments');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
  const withErrors = csvFile([`${emails[0]},25,,,July,,`, `nobody@example.com,10,,,July,,`, `${emails[1]},ten,,,July,,`]);
  await dialog.getByLabel('CSV file').setInputFiles(withErrors);
  await expect(dialog.getByText('3 rows, 2 rows have errors')).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Row errors' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toContainText('3recipientThis recipient is not one of your creators, agents or managers');
  await expect(errors.getByRole('row').nth(2)).toContainText('4amountEnter an amount in dollars and cents');
  await expect(dialog.getByRole('button', { name: 'Create drafts' })).toBeDisabled();
  await shot(page, '1440-errors');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '390-errors');
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByLabel('CSV file').setInputFiles(csvFile([`${emails[0]},25,,,July,,`, `${emails[1]},,40,50,July,,`]));
  await expect(dialog.getByText('2 payments ready, $45.00 in all')).toBeVisible();
  await shot(page, '1440-ready');
  await dialog.getByRole('button', { name: 'Create 2 drafts' }).click();
  await expect(toast(page, '2 draft payments created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const grid = page.getByRole('grid');
  await expect(grid).toContainText('Ulla Upload');
  await expect(grid).toContainText('Otto Upload');
  await shot(page, '1440-drafts');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Upload CSV' })).toBeInViewport();
  await shot(page, '390-drafts');
});

test('[payments] Upload CSV: a row in the payee’s currency is checked as New Payment checks it, the total an estimate until Execute', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'uploadfx');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  const create = async (first_name: string) => {
    const created = await request.post('/v1/creators', {
      headers,
      data: { email: uniqueEmail('upload-fx'), first_name, last_name: 'Abroad' },
    });
    expect(created.status(), await created.text()).toBe(200);
    return (await created.json()) as { id: string; email: string };
  };
  const [grace, hal] = [await create('Grace'), await create('Hal')];
  const abroad = await request.put(`/v1/creators/${grace.id}/abroad`, {
    headers,
    data: {
      country: 'GB',
      method: 'bank_account',
      fields: { account_holder_name: 'Grace Abroad', sort_code: '12-34-56', account_number: '31926819' },
    },
  });
  expect(abroad.status(), await abroad.text()).toBe(200);
  const file = (rows: string[]) => ({
    name: 'payments-abroad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['recipient,amount,currency,memo', ...rows].join('\n')),
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, owner.token, '/payments');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
  await expect(dialog).toContainText('The currency is USD when empty');
  // Hal is paid in the US: pounds are refused on his row's currency, with New Payment's sentence.
  await dialog.getByLabel('CSV file').setInputFiles(file([`${grace.email},250.00,GBP,July`, `${hal.email},10.00,GBP,July`]));
  const errors = dialog.getByRole('table', { name: 'Row errors' });
  await expect(errors.getByRole('row').nth(1)).toContainText('3currencyAmount currency must be USD: this payee is paid in US dollars');

  await dialog.getByLabel('CSV file').setInputFiles(file([`${grace.email},250.00,gbp,July`, `${hal.email},10.00,,July`]));
  await expect(dialog.getByText(/2 payments ready, \$[\d,]+\.\d\d \(estimate\) in all/)).toBeVisible();
  await expect(dialog).toContainText("Rows in another currency are counted in USD at Nium's rate");
  await shot(page, '1440-estimate');
  await dialog.getByRole('button', { name: 'Create 2 drafts' }).click();
  await expect(toast(page, '2 draft payments created')).toBeVisible();

  const listed = (await (await request.get(`/v1/payments?recipient=${grace.id}`, { headers })).json()) as {
    data: { amount_currency: string; currency_amount: number }[];
  };
  expect(listed.data[0]).toMatchObject({ amount_currency: 'GBP', currency_amount: 25_000 });
  // Grace's page: her pending total is the pounds' USD estimate, and says so.
  await page.goto(`/creators/${grace.id}?tab=payments`);
  await expect(page.getByText(/Total payments \$[\d,]+\.\d\d \(estimate\)/)).toBeVisible();
  await expect(page.getByText(/estimated in USD at Nium's rate for payments entered in another currency/)).toBeVisible();
});
