import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { sendInvoiceViaApi } from './support/invoices.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

test('[invoices] the search and an amount filter survive a reload, a saved view brings them back, the export has its rows', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'list-views', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const acme = await sendInvoiceViaApi(request, owner.token, {
    email: uniqueEmail('acme'),
    name: 'Acme Drinks',
    title: 'Acme launch',
    amount: 5_000,
  });
  await sendInvoiceViaApi(request, owner.token, { customer_id: acme.customer_id, title: 'Acme reels', amount: 25_000 });
  await sendInvoiceViaApi(request, owner.token, { email: uniqueEmail('zen'), name: 'Zen Yoga', title: 'Zen stories', amount: 40_000 });

  await openSignedIn(page, owner.token, '/invoices?tab=all');
  const table = page.getByRole('grid', { name: 'Invoices' });
  await expect(table.getByRole('row', { name: /Zen stories/ })).toBeVisible();
  await page.getByLabel('Search invoices').fill('acme');
  await expect(page).toHaveURL(/[?&]search=acme(&|$)/);
  await expect(table.getByRole('row', { name: /Zen stories/ })).toHaveCount(0);
  await page.getByLabel('Min amount ($)').fill('100');
  await page.getByLabel('Min amount ($)').press('Enter');
  await expect(page).toHaveURL(/amount_min=10000/);
  await expect(table.getByRole('row', { name: /Acme launch/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Acme reels/ })).toBeVisible();

  // A reload (or a shared link) shows the same list.
  await page.reload();
  await expect(page.getByLabel('Search invoices')).toHaveValue('acme');
  await expect(page.getByLabel('Min amount ($)')).toHaveValue('100.00');
  await expect(table.getByRole('row', { name: /Acme reels/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Acme launch|Zen stories/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  await page.getByLabel('View name').fill('Big Acme');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'View saved')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/search=|amount_min=/);
  await expect(table.getByRole('row', { name: /Zen stories/ })).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Big Acme' }).click();
  await expect(page).toHaveURL(/search=acme/);
  await expect(page).toHaveURL(/amount_min=10000/);
  await expect(table.getByRole('row', { name: /Acme reels/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Acme launch|Zen stories/ })).toHaveCount(0);
  await shot(page, 'list-filters-views-1440');

  // The export is the server's, of the filter: the one matching invoice.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('invoices_report.csv');
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Acme reels');

  // At 390 px the bar stacks: the search box, Views and the amounts stay inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the amounts and days wait behind Filters, so the first invoices are in view.
  await page.locator('button[aria-controls="list-filter-fields"]').click();
  for (const control of [
    page.getByLabel('Search invoices'),
    page.getByRole('button', { name: 'Views' }),
    page.getByLabel('Max amount ($)'),
  ]) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  await page.getByLabel('Search invoices').fill('zen');
  await expect(page).toHaveURL(/search=zen/);
  await expect(page.getByText('Zen stories')).toBeVisible();
  await shot(page, 'list-filters-views-390');
});

test('[campaigns] status, customer and name filters in the URL, a saved view brings them back, the export has their rows', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'campaign-views', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  const customerOf = async (name: string) =>
    (await request.post('/v1/customers', { headers, data: { name, email: uniqueEmail('brand') } })).json() as Promise<{ id: string }>;
  const campaign = async (title: string, customerId: string, status: string) => {
    const created = await request.post('/v1/campaigns', { headers, data: { title, customer_id: customerId } });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const updated = await request.put(`/v1/campaigns/${id}`, { headers, data: { campaign_status: status } });
    expect(updated.status(), await updated.text()).toBe(200);
  };
  const acme = await customerOf('Acme Drinks');
  const zen = await customerOf('Zen Yoga');
  await campaign('Acme summer launch', acme.id, 'active');
  await campaign('Acme winter teaser', acme.id, 'preflight');
  await campaign('Zen retreat', zen.id, 'active');

  await openSignedIn(page, owner.token, '/campaigns');
  const table = page.getByRole('grid', { name: 'Campaigns' });
  await expect(table.getByRole('row', { name: /Zen retreat/ })).toBeVisible();
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(page).toHaveURL(/[?&]status=active(&|$)/);
  await expect(table.getByRole('row', { name: /Acme winter teaser/ })).toHaveCount(0);
  await page.getByLabel('Customer', { exact: true }).fill('acme');
  // The picker searches the server after a pause: pick from the answer to 'acme', not from the
  // first page it replaces (CI once clicked the option as the list was swapped).
  await expect(page.getByRole('option', { name: /Zen Yoga/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Acme Drinks/ }).click();
  await expect(page).toHaveURL(new RegExp(`customer_id=${acme.id}`));
  await expect(table.getByRole('row', { name: /Zen retreat/ })).toHaveCount(0);
  await page.getByLabel('Search campaigns').fill('summer');
  await expect(page).toHaveURL(/[?&]search=summer(&|$)/);
  await expect(table.getByRole('row', { name: /Acme summer launch/ })).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  await page.getByLabel('View name').fill('Acme live');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'View saved')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/status=|customer_id=|search=/);
  await expect(table.getByRole('row', { name: /Zen retreat/ })).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Acme live' }).click();
  await expect(page.getByLabel('Customer', { exact: true })).toHaveValue('Acme Drinks');
  await expect(page.getByLabel('Search campaigns')).toHaveValue('summer');
  await expect(table.getByRole('row', { name: /Zen retreat/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Acme summer launch/ })).toBeVisible();
  await shot(page, 'list-filters-campaigns-1440');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('campaigns_list.csv');
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^id,title,description,customer,/);
  expect(lines[1]).toContain(',Acme summer launch,,Acme Drinks,,Active,');

  await page.setViewportSize({ width: 390, height: 844 });
  for (const label of ['Search campaigns', 'Status', 'Customer', 'Created from']) {
    const box = await page.getByLabel(label, { exact: true }).first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  await shot(page, 'list-filters-campaigns-390');
});
