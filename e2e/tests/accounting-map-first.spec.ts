import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { payCreator, pickAccount } from './support/accounting.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `accounting-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

test('[accounting] maps first from suggested accounts, books what happened before, and Retry all sends the failed entries again', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'qbmapfirst', 'Map First Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 500_000 } })).status()).toBe(200);
  // Two payouts before QuickBooks is connected.
  await payCreator(request, owner.token, 4_000);
  await payCreator(request, owner.token, 6_000);
  await advanceClock(request, 61);

  await openSignedIn(page, owner.token, '/settings?tab=quickbooks');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('region', { name: 'Connection' }).getByRole('button', { name: 'Connect to QuickBooks' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Connect', exact: true }).click();
  await closed;

  // Nothing is booked yet: the mapping comes first, filled with accounts suggested from the chart.
  const mapping = page.getByRole('region', { name: 'Account mapping' });
  await expect(mapping.getByText('Map your accounts first')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Clearing account' })).toHaveValue('Crewpay Clearing');
  await expect(page.getByRole('combobox', { name: 'Creator income account' })).toHaveValue('Creator Income');
  const journal = page.getByRole('region', { name: 'Journal entries' });
  await expect(journal.getByText('Journal entries start once you save the account mapping')).toBeVisible();
  await expect(journal.getByText('No journal entries yet')).toBeVisible();
  await shot(page, '06-map-first');

  // Saved without the creator income account: the payouts' entries fail for want of it.
  await page.getByRole('combobox', { name: 'Creator income account' }).clear();
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Account mapping saved')).toBeVisible();
  await page.reload();
  const rows = page.getByRole('grid', { name: 'Journal entries' }).getByRole('row', { name: /Payment posted/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('The income account is not mapped');
  const retryAll = journal.getByRole('button', { name: 'Retry all' });
  // The count of failed entries is its own request, answered once the sync job has run: reload until it shows.
  await expect(async () => {
    if (!(await retryAll.isVisible())) await page.reload();
    await expect(retryAll).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await shot(page, '07-failed-entries');

  await pickAccount(page, 'Creator income account', 'Creator Income');
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Account mapping saved')).toBeVisible();
  await retryAll.click();
  await expect(toast(page, 'Failed journal entries sent again')).toBeVisible();
  await expect(rows.filter({ hasText: 'succeeded' })).toHaveCount(2, { timeout: 15_000 });
  await expect(retryAll).toHaveCount(0, { timeout: 20_000 });
  await shot(page, '08-retried');
});
