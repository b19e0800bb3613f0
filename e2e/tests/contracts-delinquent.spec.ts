import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';

const databaseUrl = () => `postgres://crewpay:crewpay@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54339'}/postgres`;

test('[contracts] New Contract from a delinquent organisation shows the Notice, and Add funds leads to /wallets', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'late-payer', 'Overdue Media');
  await activateViaApi(request, owner.token);
  const org = (await (await request.get('/v1/org', { headers: { 'auth-token': owner.token } })).json()) as { id: string };
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`UPDATE orgs SET billing_status = 'delinquent' WHERE id = $1`, [org.id]);
  } finally {
    await client.end();
  }

  await openSignedIn(page, owner.token, '/contracts');
  await page.getByRole('button', { name: 'New Contract', exact: true }).click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await expect(notice.getByText("Your Organization's billing is delinquent, please add funds")).toBeVisible();
  await expect(page).toHaveURL(/\/contracts$/);
  await page.screenshot({ path: path.resolve(test.info().project.testDir, '../screenshots', 'contracts-delinquent-notice.png') });
  await notice.getByRole('button', { name: 'Add funds' }).click();
  await expect(page).toHaveURL(/\/wallets/);
});
