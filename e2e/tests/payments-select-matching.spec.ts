import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });
// Three pages of 50 and a part: enough for Select all matching to reach past the page and for the
// outbox to send in several claims. Executing thousands is measured by `npm run bench`, not here.
const DRAFTS = 160;
const BANK = { account_number: '000123456789', routing_number: '110000000' };

test('[payments] executes 160 drafts (past the page) in one confirmation with Select all matching, and the progress reaches done', async ({
  page,
  request,
}) => {
  // The payouts start on the server's job worker after the commit.
  test.slow();
  const owner = await createOwner(request, 'bulk', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 5_000_000 } })).status()).toBe(200);
  const creators: string[] = [];
  for (const name of ['Ada', 'Ben', 'Cy', 'Di']) {
    const created = await request.post('/v1/creators', {
      headers,
      data: { email: uniqueEmail(name.toLowerCase()), first_name: name, last_name: 'Bulk', ...BANK },
    });
    expect(created.status(), await created.text()).toBe(200);
    creators.push(((await created.json()) as { id: string }).id);
  }
  // The drafts through the API in one request: the journey under test is their execution.
  const rows = Array.from({ length: DRAFTS }, (_, index) => ({
    recipient: creators[index % creators.length],
    recipient_role: 'creator',
    earnings: 1_000,
    split: 100,
    memo: 'Bulk',
  }));
  const drafts = await request.post('/v1/payments', { headers, data: rows, timeout: 120_000 });
  expect(drafts.status(), await drafts.text()).toBe(200);

  await openSignedIn(page, owner.token, '/payments?tab=draft_payments');
  const table = page.getByRole('grid', { name: 'Payments' });
  await expect(table.getByRole('link', { name: 'Ada Bulk' }).first()).toBeVisible();
  await table.getByRole('checkbox', { name: 'Select all rows' }).check();
  await expect(page.getByText('All 50 payments on this page are selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 160 matching' }).click();
  await expect(page.getByText('All 160 matching payments are selected.')).toBeVisible();
  await shot(page, 'payments-select-matching-01-selected');

  await page.getByRole('button', { name: 'Execute Payments' }).click();
  const confirm = page.getByRole('dialog', { name: 'Execute payments' });
  await expect(confirm.getByText(/^Execute 160 payments for \$/)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'payments-select-matching-02-confirm');
  await confirm.getByRole('button', { name: 'Execute', exact: true }).click();

  const progress = page.getByRole('dialog', { name: /Executing payments|Payments executed/ });
  await expect(progress.getByText(/of 160 payments done/)).toBeVisible({ timeout: 60_000 });
  await shot(page, 'payments-select-matching-03-progress');
  await expect(page.getByRole('dialog', { name: 'Payments executed' })).toBeVisible({ timeout: 120_000 });
  await expect(progress.getByText('160 of 160 payments done')).toBeVisible();
  await expect(progress.getByText('Executed: 160')).toBeVisible();
  await expect(progress.getByText('Remaining: 0')).toBeVisible();
  await shot(page, 'payments-select-matching-04-done');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'payments-select-matching-05-done-phone');
  // Back to the desktop's grid (a phone lists payments as cards).
  await page.setViewportSize({ width: 1440, height: 900 });
  await progress.getByRole('button', { name: 'Done' }).click();

  // Every draft went out, once: the Draft tab is empty and the Initiated and Posted tabs count them.
  await expect(table.getByText('No payments yet')).toBeVisible();
  // Initiated, or already posted: a slow run gives the sandbox rail time to pay some of them.
  const totalOf = async (tab: string) =>
    ((await (await request.get(`/v1/payments?tab=${tab}`, { headers })).json()) as { total: number }).total;
  expect((await totalOf('payments')) + (await totalOf('posted_payments'))).toBe(DRAFTS);
  expect(await totalOf('all_payments')).toBe(DRAFTS);
});
