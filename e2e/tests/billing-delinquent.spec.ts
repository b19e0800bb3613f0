import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOwner, inviteMember, openSignedIn } from './support/api.ts';
import { becomeDelinquent } from './support/billing.ts';
import { screenshot } from './support/screenshots.ts';
import { activateViaApi } from './support/wallet.ts';
import { addBankedCreator, saveDrafts } from './support/payees.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

type Delinquent = { ownerToken: string; memberToken: string };

/**
 * One delinquent organisation for both journeys: becoming delinquent moves the worker's sandbox
 * clock to the 1st of a month (its first monthly charge), so it is done once per worker, not per
 * test. An activated owner with an empty wallet, a draft payment to a banked creator, and a Team
 * member (invited, which moves the organisation to the standard plan).
 */
let delinquent: Promise<Delinquent> | undefined;
function delinquentOrganisation(request: APIRequestContext): Promise<Delinquent> {
  delinquent ??= (async () => {
    const owner = await createOwner(request, 'executor', 'Delinquent Studios');
    await activateViaApi(request, owner.token);
    const creator = await addBankedCreator(request, owner.token);
    await saveDrafts(request, owner.token, creator.id, [5_000]);
    const member = await inviteMember(request, owner.token, 'member');
    await becomeDelinquent(request, owner.token);
    return { ownerToken: owner.token, memberToken: member.token };
  })();
  return delinquent;
}

test('[payments] Execute is disabled for a team member; a delinquent organisation is sent to Add funds', async ({ page, request }) => {
  const { ownerToken, memberToken } = await delinquentOrganisation(request);
  await openSignedIn(page, memberToken, '/payments?tab=draft_payments');
  await page
    .getByRole('row', { name: /Sam Banked/ })
    .getByRole('checkbox')
    .check();
  await expect(page.getByRole('button', { name: 'Execute Payments' })).toBeDisabled();

  await openSignedIn(page, ownerToken, '/payments?tab=draft_payments');
  await page
    .getByRole('row', { name: /Sam Banked/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Execute Payments' }).click();
  const notice = page.getByRole('dialog');
  await expect(notice.getByText('Your billing is past due: add funds to execute payments')).toBeVisible();
  await screenshot(page, { path: shotPath('payments-07-delinquent-notice'), animations: 'disabled' });
  await notice.getByRole('button', { name: 'Add funds' }).click();
  await expect(page).toHaveURL(/\/wallets/);
});

test('[contracts] New Contract from a delinquent organisation shows the Notice, and Add funds leads to /wallets', async ({
  page,
  request,
}) => {
  const { ownerToken } = await delinquentOrganisation(request);
  await openSignedIn(page, ownerToken, '/contracts');
  await page.getByRole('button', { name: 'New Contract', exact: true }).click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await expect(notice.getByText("Your Organization's billing is delinquent, please add funds")).toBeVisible();
  await expect(page).toHaveURL(/\/contracts$/);
  await screenshot(page, { path: shotPath('contracts-delinquent-notice') });
  await notice.getByRole('button', { name: 'Add funds' }).click();
  await expect(page).toHaveURL(/\/wallets/);
});
