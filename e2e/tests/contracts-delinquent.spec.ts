import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { becomeDelinquent } from './support/billing.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

test('[contracts] New Contract from a delinquent organisation shows the Notice, and Add funds leads to /wallets', async ({
  page,
  request,
}) => {
  // The billing job that finds the organisation delinquent runs once a minute.
  test.slow();
  const owner = await createOwner(request, 'late-payer', 'Overdue Media');
  await activateViaApi(request, owner.token);
  await becomeDelinquent(request, owner.token);

  await openSignedIn(page, owner.token, '/contracts');
  await page.getByRole('button', { name: 'New Contract', exact: true }).click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await expect(notice.getByText("Your Organization's billing is delinquent, please add funds")).toBeVisible();
  await expect(page).toHaveURL(/\/contracts$/);
  await screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', 'contracts-delinquent-notice.png') });
  await notice.getByRole('button', { name: 'Add funds' }).click();
  await expect(page).toHaveURL(/\/wallets/);
});
