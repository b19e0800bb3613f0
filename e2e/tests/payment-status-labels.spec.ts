import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

test("[payments] the tables and the payment's detail page read one status vocabulary, the spec's first labels", async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'labels', 'Label Works');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const added = await request.post('/v1/creators', {
    headers,
    data: { email: uniqueEmail('noah'), first_name: 'Noah', last_name: 'Waits' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const creator = (await added.json()) as { id: string };
  const created = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings: 15_000, split: 100, memo: 'Teaser' }],
  });
  expect(created.status(), await created.text()).toBe(200);
  const [payment] = ((await created.json()) as { data: { id: string }[] }).data;
  // No payout method on file: Execute leaves it waiting for the creator's details (requires_info).
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids: [payment!.id] } })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/payments?tab=payments');
  await expect(page.getByRole('row', { name: /Noah Waits/ }).getByText('Awaiting input')).toBeVisible();
  await page.getByRole('link', { name: 'Noah Waits' }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${payment!.id}$`));
  await expect(page.getByText('Federal withholdings')).toBeVisible();
  await expect(page.getByText('Awaiting input', { exact: true })).toBeVisible();
  await expect(page.getByText('Requires info')).toHaveCount(0);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `payment-detail-labels-${width}.png`) });
  }
});
