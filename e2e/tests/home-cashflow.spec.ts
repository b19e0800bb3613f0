import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.post(url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test('[home] each tile opens the list it counts, filtered; the money in and out chart has a table for screen readers', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'tiles', 'Tailspin Media');
  await activateViaApi(request, owner.token);
  await post(request, owner.token, '/v1/treasury/load', { amount: 123_456 });
  const creator = await post(request, owner.token, '/v1/creators', { email: uniqueEmail('tile'), first_name: 'Tia', last_name: 'Tile' });
  await post(request, owner.token, '/v1/payments', [
    { recipient: creator.id, recipient_role: 'creator', earnings: 4_200, split: 100, memo: 'Draft' },
  ]);
  await openSignedIn(page, owner.token, '/');

  const cashflow = page.getByRole('region', { name: 'Money in and out' });
  await expect(cashflow.getByText('Last 12 months: $1,234.56 in, $0.00 out')).toBeVisible();
  const table = cashflow.getByRole('table', { name: 'Money in and out by month, last 12 months' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').last()).toContainText('$1,234.56');
  await expect(cashflow.locator('.MuiBarChart-root, svg').first()).toBeVisible();
  await shot(page, 'home-cashflow-1440');
  await cashflow.getByRole('button', { name: 'Weekly' }).click();
  await expect(cashflow.getByRole('table', { name: 'Money in and out by week, last 12 months' })).toBeAttached();

  // A tile is a link, reached by the keyboard like any other.
  const receivable = page.getByRole('region', { name: 'Receivable' }).getByRole('link');
  await expect(receivable).toHaveAttribute('href', '/invoices?tab=open');
  await receivable.focus();
  await expect(receivable).toBeFocused();

  await page.getByRole('region', { name: 'Draft payments' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/payments\?tab=draft_payments$/);
  await expect(page.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Tia Tile')).toBeVisible();

  await page.goBack();
  await page.getByRole('region', { name: 'Balance' }).getByRole('link').press('Enter');
  await expect(page).toHaveURL(/\/wallets/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const phoneChart = page.getByRole('region', { name: 'Money in and out' });
  await expect(phoneChart.getByText('Last 12 months: $1,234.56 in, $0.00 out')).toBeVisible();
  // The skeleton holds the chart's place until the lazy chart is drawn; the screenshot waits for the chart.
  await expect(phoneChart.locator('[data-loading]')).toHaveCount(0);
  await expect(phoneChart.locator('.MuiBarChart-root, svg').first()).toBeVisible();
  await shot(page, 'home-cashflow-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
