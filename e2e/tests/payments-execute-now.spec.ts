import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';
import { addBankedCreator, saveDrafts } from './support/payees.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test('[payments] Execute now beside Done executes exactly the payments just created', async ({ page, request }) => {
  const owner = await createOwner(request, 'executenow');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const creator = await addBankedCreator(request, owner.token);
  // A draft made earlier: Execute now must leave it alone.
  const [earlierId] = await saveDrafts(request, owner.token, creator.id, [5_000], { memo: 'Earlier' });

  await openSignedIn(page, owner.token, `/payments/newPayment?recipient_id=${creator.id}`);
  await expect(page.getByTestId('payment-row').getByRole('combobox', { name: 'Recipient' })).toHaveValue('Sam Banked');
  await page.getByLabel('Earnings').fill('200');
  await page.getByLabel('Memo').fill('June');
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: '1 payment created' });
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Execute now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Execute payments' });
  await expect(confirm).toContainText(/Execute 1 payment for \$20\d\.\d\d\?/);
  await screenshot(page, { path: shotPath('payments-execute-now-confirm') });
  await confirm.getByRole('button', { name: 'Execute' }).click();
  await expect(toast(page, 'Payment is on the way!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/creators/${creator.id}\\?tab=payments$`));

  const june = page.getByRole('row').filter({ hasText: 'June' });
  await expect(june).not.toContainText('Draft');
  const untouched = (await (await request.get(`/v1/payments/${earlierId}`, { headers })).json()) as { status: string };
  expect(untouched.status).toBe('draft');
});
