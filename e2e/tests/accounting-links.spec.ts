import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `accounting-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

/** Connects the sandbox QuickBooks as the popup does (a code, consent page, Connect, callback), through the API. */
async function connectQuickbooks(request: APIRequestContext, token: string) {
  const issued = await request.post('/api/qb/connect_code', { headers: { 'auth-token': token } });
  expect(issued.status(), await issued.text()).toBe(200);
  const { code } = (await issued.json()) as { code: string };
  const page = await request.get(`/api/qb/connect?code=${encodeURIComponent(code)}`);
  const state = /name="state" value="([^"]+)"/.exec(await page.text())![1]!;
  const callback = await request.get(`/api/qb/connect/consent?state=${encodeURIComponent(state)}&decision=allow`);
  expect(await callback.text()).toContain('QuickBooks is connected');
}

test("[accounting] the customer's Quickbooks card picks a QuickBooks customer, 'No customer' if none", async ({ page, request }) => {
  const owner = await createOwner(request, 'qbcust', 'Ledger Lane Media');
  const headers = { 'auth-token': owner.token };
  const created = await request.post('/v1/customers', { headers, data: { name: 'Acme Garages', email: uniqueEmail('acme') } });
  expect(created.status(), await created.text()).toBe(200);
  const customer = (await created.json()) as { id: string };

  // Not connected: the card says so and offers no pick.
  await openSignedIn(page, owner.token, `/customers/${customer.id}`);
  const card = page.getByRole('region', { name: 'Quickbooks' });
  await expect(card).toContainText('No customer');
  await expect(card.getByRole('link', { name: 'Connect QuickBooks' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit quickbooks' })).toHaveCount(0);

  await connectQuickbooks(request, owner.token);
  await page.reload();
  await expect(card).toContainText('No customer');
  await card.getByRole('button', { name: 'Edit quickbooks' }).click();
  await card.getByRole('combobox', { name: 'QuickBooks customer' }).click();
  await page.getByRole('option', { name: 'Cool Cars', exact: true }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Customer has been updated!')).toBeVisible();
  await expect(card).toContainText('Cool Cars');
  await shot(page, '03-customer-card');
  await page.reload();
  await expect(card).toContainText('Cool Cars');
  const stored = (await (await request.get(`/v1/customers/${customer.id}`, { headers })).json()) as { qb_customer: unknown };
  expect(stored.qb_customer).toEqual({ Id: '3', DisplayName: 'Cool Cars' });

  // Clearing the pick shows No customer again.
  await card.getByRole('button', { name: 'Edit quickbooks' }).click();
  await card.getByRole('combobox', { name: 'QuickBooks customer' }).click();
  await card.getByRole('button', { name: 'Clear' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('No customer');
});

test("[accounting] the creator profile's accounting vendor link shows only when connected and saves the vendor", async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'qbvendor', 'Ledger Lane Media');
  const headers = { 'auth-token': owner.token };
  const created = await request.post('/v1/creators', {
    headers,
    data: { email: uniqueEmail('qbcreator'), first_name: 'Rae', last_name: 'Books' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creator = (await created.json()) as { id: string };

  await openSignedIn(page, owner.token, `/creators/${creator.id}`);
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Quickbooks' });
  await expect(card).toHaveCount(0);

  await connectQuickbooks(request, owner.token);
  await page.reload();
  await expect(card).toContainText('No vendor');
  await card.getByRole('button', { name: 'Edit quickbooks' }).click();
  await card.getByRole('combobox', { name: 'QuickBooks vendor' }).click();
  await page.getByRole('option', { name: 'Hicks Hardware', exact: true }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Vendor saved')).toBeVisible();
  await expect(card).toContainText('Hicks Hardware');
  await shot(page, '04-creator-vendor');
  const stored = (await (await request.get(`/v1/creators/${creator.id}`, { headers })).json()) as { qb_vendor: unknown };
  expect(stored.qb_vendor).toEqual({ Id: '41', DisplayName: 'Hicks Hardware' });
});
