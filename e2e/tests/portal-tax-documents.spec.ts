import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, uniqueEmail } from './support/api.ts';
import { choosePasswordFromInvitation, signInOnPortalSide } from './support/portal-login.ts';
import { activateViaApi, advanceClock, sandboxYear } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

test('[portal] a creator lists the 1099s organisations issued them and downloads their own PDF', async ({ page, request }) => {
  test.slow();
  const owner = await createOwner(request, 'portal-taxes', 'Lantern Talent');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 2_000_000 } })).status()).toBe(200);
  const email = uniqueEmail('taxed-creator');
  const created = await request.post('/v1/creators', {
    headers,
    data: { email, first_name: 'Kim', last_name: 'Lee', account_number: '000123456789', routing_number: '110000000' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creator = (await created.json()) as { id: string };
  const profile = {
    id: creator.id,
    state_tax_id: '111224444',
    address_line_1: '12 Harbor Way',
    address_city: 'Oakland',
    address_state: 'CA',
    address_zip: '94607',
  };
  expect((await request.put(`/v1/creators/${creator.id}`, { headers, data: profile })).status()).toBe(200);
  const drafts = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings: 512_345, split: 100, memo: 'Campaign' }],
  });
  const ids = ((await drafts.json()) as { data: { id: string }[] }).data.map((draft) => draft.id);
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids } })).status()).toBe(200);
  await advanceClock(request, 61);
  // The year the payments posted in, by the sandbox clock (see sandboxYear).
  const YEAR = await sandboxYear(request);
  const run = await request.post('/v1/taxes', { headers, data: { year: YEAR, method: 'email', userIds: [creator.id] } });
  expect(run.status(), await run.text()).toBe(200);

  await choosePasswordFromInvitation(request, email);
  await signInOnPortalSide(page, email);
  await expect(page).toHaveURL(/\/creator$/);
  await page.getByRole('navigation', { name: 'Main' }).getByText('Tax documents', { exact: true }).click();
  await expect(page).toHaveURL(/\/creator\/taxes$/);
  const table = page.getByRole('grid', { name: 'Tax documents' });
  const row = table.getByRole('row', { name: new RegExp(`${YEAR} Lantern Talent 1099-NEC`) });
  await expect(row).toContainText('$5,123.45');
  await shot(page, 'portal-tax-documents');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${YEAR} Form 1099-NEC from Lantern Talent` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${YEAR}-Form-1099-NEC.pdf`);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await shot(page, 'portal-tax-documents-390');
});
