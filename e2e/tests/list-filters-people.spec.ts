import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

async function post(request: APIRequestContext, token: string, url: string, data: object): Promise<void> {
  const response = await request.post(url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
}

/** The controls of the filter bar stay inside a 390 px screen. */
async function expectInsidePhone(page: Page, labels: string[], options: { opensFilters?: boolean } = {}) {
  await page.setViewportSize({ width: 390, height: 844 });
  // A list whose filters wait behind Filters on a phone (creators) opens them first.
  if (options.opensFilters) await page.locator('button[aria-controls="list-filter-fields"]').click();
  // The bar lays itself out again for the phone after the resize (a media query re-renders it):
  // measure once it has, and fail if a control never fits.
  await expect(async () => {
    for (const label of labels) {
      const box = await page
        .getByLabel(label)
        .or(page.getByRole('button', { name: label }))
        .first()
        .boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  }).toPass({ timeout: 10_000 });
}

test('[creators] the search survives a reload and a saved view brings it back', async ({ page, request }) => {
  const owner = await createOwner(request, 'creator-views', 'Northwind Studios');
  await post(request, owner.token, '/v1/creators', { email: uniqueEmail('ada'), first_name: 'Ada', last_name: 'Lovelace' });
  await post(request, owner.token, '/v1/creators', { email: uniqueEmail('zed'), first_name: 'Zed', last_name: 'Zulu' });
  await post(request, owner.token, '/v1/creators', { email: uniqueEmail('ida'), first_name: 'Ida', last_name: 'Lovelace' });
  const headers = { 'auth-token': owner.token };
  const [gaming] = (await (await request.post('/v1/tags', { headers, data: [{ label: 'Gaming' }] })).json()) as { id: string }[];
  const { data: people } = (await (await request.get('/v1/creators?search=ada', { headers })).json()) as { data: { id: string }[] };
  await post(request, owner.token, '/v1/tags/enrollment', [{ tag_id: gaming!.id, creator_id: people[0]!.id }]);

  await openSignedIn(page, owner.token, '/creators');
  const table = page.getByRole('grid', { name: 'Creators' });
  await expect(table.getByRole('row', { name: /Zed Zulu/ })).toBeVisible();
  await page.getByLabel('Search creators').fill('lovelace');
  await expect(page).toHaveURL(/[?&]search=lovelace(&|$)/);
  await expect(table.getByRole('row', { name: /Zed Zulu/ })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Search creators')).toHaveValue('lovelace');
  await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Zed Zulu/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Ida Lovelace/ })).toBeVisible();
  await page.getByLabel('Tag', { exact: true }).click();
  await page.getByRole('option', { name: 'Gaming' }).click();
  await expect(page).toHaveURL(new RegExp(`tag_id=${gaming!.id}`));
  await expect(table.getByRole('row', { name: /Ida Lovelace/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  await page.getByLabel('View name').fill('Lovelaces');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'View saved')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/search=|tag_id=/);
  await expect(table.getByRole('row', { name: /Zed Zulu/ })).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Lovelaces' }).click();
  await expect(page).toHaveURL(/search=lovelace/);
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue('Gaming');
  await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Zed Zulu/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Ida Lovelace/ })).toHaveCount(0);
  await shot(page, 'list-filters-creators-1440');

  await expectInsidePhone(page, ['Search creators', 'Views', 'Export CSV', 'Tag', 'Created from'], { opensFilters: true });
  await shot(page, 'list-filters-creators-390');
});

test('[customers] the export of a filtered list has its rows only', async ({ page, request }) => {
  const owner = await createOwner(request, 'customer-export', 'Northwind Studios');
  await post(request, owner.token, '/v1/customers', { name: 'Acme Drinks', email: uniqueEmail('acme') });
  await post(request, owner.token, '/v1/customers', { name: 'Zen Yoga', email: uniqueEmail('zen') });

  await openSignedIn(page, owner.token, '/customers');
  const table = page.getByRole('grid', { name: 'Customers' });
  await expect(table.getByRole('row', { name: /Zen Yoga/ })).toBeVisible();
  await page.getByLabel('Search customers').fill('acme');
  await expect(page).toHaveURL(/[?&]search=acme(&|$)/);
  await expect(table.getByRole('row', { name: /Zen Yoga/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Search customers')).toHaveValue('acme');
  await expect(table.getByRole('row', { name: /Acme Drinks/ })).toBeVisible();
  await shot(page, 'list-filters-customers-1440');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('customers_report.csv');
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe('id,email,name,invoice_volume,invoice_count,created_at');
  expect(lines[1]).toContain('Acme Drinks');

  await expectInsidePhone(page, ['Search customers', 'Views', 'Export CSV', 'Created to']);
  await shot(page, 'list-filters-customers-390');
});
