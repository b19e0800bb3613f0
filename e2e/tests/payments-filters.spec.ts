import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

test('[payments] an amount and date filter is applied by the server, kept in the URL and survives a reload', async ({ page, request }) => {
  const owner = await createOwner(request, 'filters');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  const created = await request.post('/v1/creators', {
    headers,
    data: {
      email: uniqueEmail('filtered'),
      first_name: 'Fil',
      last_name: 'Tered',
      account_number: '000123456789',
      routing_number: '110000000',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const rows = [1_000, 5_000, 20_000].map((earnings) => ({
    recipient: id,
    recipient_role: 'creator',
    earnings,
    split: 100,
    memo: 'Filters',
  }));
  expect((await request.post('/v1/payments', { headers, data: rows })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/payments?tab=draft_payments');
  const table = page.getByRole('grid', { name: 'Payments' });
  await expect(table.getByText('$10.00')).toBeVisible();
  await page.getByLabel('Min amount ($)').fill('20');
  await page.getByLabel('Min amount ($)').press('Enter');
  await expect(page).toHaveURL(/[?&]amount_min=2000(&|$)/);
  await expect(table.getByText('$10.00')).toHaveCount(0);
  await expect(table.getByText('$50.00')).toBeVisible();
  await expect(table.getByText('$200.00')).toBeVisible();
  await shot(page, 'payments-filters-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'payments-filters-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A reload (or a shared link) shows the same filtered list; another tab keeps the filter.
  await page.reload();
  await expect(page.getByLabel('Min amount ($)')).toHaveValue('20.00');
  await expect(table.getByText('$50.00')).toBeVisible();
  await expect(table.getByText('$10.00')).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/tab=all_payments.*amount_min=2000/);
  await expect(table.getByText('$200.00')).toBeVisible();
  await expect(table.getByText('$10.00')).toHaveCount(0);

  // A day before today matches none of them; Clear filters shows everything again.
  await page.getByLabel('Created to').fill('2020-01-31');
  await expect(page).toHaveURL(/created_to=2020-01-31/);
  await expect(table.getByText('No payments yet')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByText('$10.00')).toBeVisible();
  await expect(page).not.toHaveURL(/amount_min|created_to/);
});
