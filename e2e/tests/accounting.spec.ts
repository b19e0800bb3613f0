import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
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

test('[accounting] connects the sandbox QuickBooks in the popup, maps the accounts and sees a payout booked', async ({ page, request }) => {
  test.slow();
  const owner = await createOwner(request, 'qb', 'Ledger Lane Media');
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers: { 'auth-token': owner.token }, data: { amount: 500_000 } })).status()).toBe(
    200,
  );
  await openSignedIn(page, owner.token, '/settings?tab=quickbooks');
  const connection = page.getByRole('region', { name: 'Connection' });
  await expect(connection).toContainText('Connect QuickBooks to keep your books');

  const popupOpened = page.waitForEvent('popup');
  await connection.getByRole('button', { name: 'Connect to QuickBooks' }).click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 800, height: 650 });
  await expect(popup.getByRole('heading', { name: 'Crewpay wants to connect to your QuickBooks company' })).toBeVisible();
  // The popup's URL carries a single-use code, never the session token (history, logs, Referer).
  expect(popup.url()).toMatch(/\/api\/qb\/connect\?code=[A-Za-z0-9_-]+$/);
  expect(popup.url()).not.toContain(owner.token);
  await screenshot(popup, { path: path.resolve(test.info().project.testDir, '../screenshots', 'accounting-01-consent.png') });
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Connect', exact: true }).click();
  await closed;
  await expect(connection).toContainText('QuickBooks connected on');

  const mapping = page.getByRole('region', { name: 'Account mapping' });
  await pickAccount(page, 'Creator income account', 'Creator Income');
  await pickAccount(page, 'Payable account', 'Accounts Payable (A/P)');
  await pickAccount(page, 'Sales account', 'Sales of Product Income');
  await pickAccount(page, 'Receivable account', 'Accounts Receivable (A/R)');
  await pickAccount(page, 'Clearing account', 'Crewpay Clearing');
  await pickAccount(page, 'Labor account', 'Cost of Labor');
  // Unique income per creator clears and disables the creator income account; unchecking enables it again.
  await mapping.getByLabel('Unique income account per creator').check();
  await expect(page.getByRole('combobox', { name: 'Creator income account' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Creator income account' })).toHaveValue('');
  await mapping.getByLabel('Unique income account per creator').uncheck();
  await pickAccount(page, 'Creator income account', 'Creator Income');
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Account mapping saved')).toBeVisible();

  const headers = { 'auth-token': owner.token };
  const customer = await request.post('/v1/customers', { headers, data: { name: 'Acme Garages', email: uniqueEmail('qbcampaign') } });
  const campaign = await request.post('/v1/campaigns', {
    headers,
    data: { title: 'Spring launch', customer_id: ((await customer.json()) as { id: string }).id },
  });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const campaignId = ((await campaign.json()) as { id: string }).id;
  await payCreator(request, owner.token, 12_500, campaignId);
  await advanceClock(request, 61);
  await page.reload();
  const journal = page.getByRole('grid', { name: 'Journal entries' });
  const row = journal.getByRole('row', { name: /Payment posted/ });
  await expect(row).toContainText('succeeded');
  await shot(page, '02-settings-tab');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Clearing account' })).toHaveValue('Crewpay Clearing');

  // The campaign's quickbooks tab lists that campaign's entries.
  await page.goto(`/campaigns/${campaignId}?tab=quickbooks`);
  const campaignJournal = page.getByRole('grid', { name: 'Journal entries' });
  await expect(campaignJournal.getByRole('row', { name: /Payment posted/ })).toContainText('succeeded');
  // One entry, one page: the pager knows the count once the last page is in.
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await shot(page, '05-campaign-tab');
});
