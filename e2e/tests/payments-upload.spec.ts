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
