import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);
const DAY = 86_400;

test('[payments] a payment scheduled for a date executes when the clock reaches it', async ({ page, request }) => {
  const owner = await createOwner(request, 'scheduled');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const created = await request.post('/v1/creators', {
    headers,
    data: {
      email: uniqueEmail('retainer'),
      first_name: 'Rita',
      last_name: 'Retainer',
      account_number: '000123456789',
      routing_number: '110000000',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creator = (await created.json()) as { id: string };
  const drafted = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings: 20_000, split: 100, memo: 'Retainer' }],
  });
  expect(drafted.status(), await drafted.text()).toBe(200);
  const paymentId = ((await drafted.json()) as { data: { id: string }[] }).data[0]!.id;
  // The sandbox clock is shared and may have been moved: tomorrow is its tomorrow.
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  const tomorrow = new Date(Date.parse(clock.now) + DAY * 1000).toISOString().slice(0, 10);

  await openSignedIn(page, owner.token, `/payments/${paymentId}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  await card.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule payments' });
  await dialog.getByLabel('Execute on').fill(tomorrow);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(toast(page, 'Payment scheduled')).toBeVisible();
  await expect(card).toContainText('Once · next on');
  await expect(card.getByRole('button', { name: 'Cancel schedule' })).toBeVisible();
  await screenshot(page, { path: shotPath('payments-scheduled-detail'), fullPage: true });

  await page.goto('/');
  const upcoming = page.getByRole('region', { name: 'Upcoming payments' });
  await expect(upcoming).toContainText('Rita Retainer · $200.00');
  await page.setViewportSize({ width: 390, height: 844 });
  await upcoming.scrollIntoViewIfNeeded();
  await screenshot(page, { path: shotPath('home-upcoming-payments-390') });

  await advanceClock(request, DAY + 60);
  await page.goto(`/payments/${paymentId}`);
  await expect(page.getByText('Date initiated')).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Schedule' })).toHaveCount(0);
  const executed = (await (await request.get(`/v1/payments/${paymentId}`, { headers })).json()) as { status: string };
  expect(executed.status).not.toBe('draft');
});
