import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { createAdmin } from './support/approvals.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', name);
const BANK = { account_number: '000123456789', routing_number: '110000000', selected_payment_method: 'stripe' };

test('[approvals] an owner sets a rule, a payment executed by an admin waits, a second admin approves it and it goes out', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'approvals', 'Checker Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const [maker, checker] = [await createAdmin(request, owner.token, 'maker'), await createAdmin(request, owner.token, 'checker')];

  await openSignedIn(page, owner.token, '/settings?tab=approvals');
  await page.getByLabel('Every payment needs approval').check();
  await page.getByRole('button', { name: 'Save approval rules' }).click();
  await expect(page.getByText('Approval rules saved')).toBeVisible();

  // The maker creates and executes the payment through the API: it waits, held.
  const makerHeaders = { 'auth-token': maker.token };
  const creator = await request.post('/v1/creators', {
    headers,
    data: { email: 'robin.checked@example.com', first_name: 'Robin', last_name: 'Checked', ...BANK },
  });
  expect(creator.status(), await creator.text()).toBe(200);
  const recipient = ((await creator.json()) as { id: string }).id;
  const drafts = await request.post('/v1/payments', {
    headers: makerHeaders,
    data: [{ recipient, recipient_role: 'creator', earnings: 12_500, split: 100, memo: 'June' }],
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const [payment] = ((await drafts.json()) as { data: { id: string }[] }).data;
  const executed = await request.put('/v1/payments/initiate', { headers: makerHeaders, data: { ids: [payment!.id] } });
  expect(await executed.json()).toMatchObject({ awaiting_approval: 1, processing: 0 });

  await openSignedIn(page, checker.token, '/payments?tab=approval_payments');
  const card = page.getByLabel('Payment to Robin Checked');
  await expect(card).toContainText('$125.00 to Robin Checked');
  await expect(card).toContainText('Every payment needs approval');
  await screenshot(page, { path: shot('approvals-queue-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: shot('approvals-queue-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Payment approved and on the way!')).toBeVisible();
  await expect(page.getByText('No payments are awaiting approval.')).toBeVisible();
  const sent = await request.get(`/v1/payments/${payment!.id}`, { headers });
  expect(((await sent.json()) as { status: string }).status).toBe('processing');
});
