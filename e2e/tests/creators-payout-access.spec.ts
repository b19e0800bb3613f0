import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, inviteMember, openSignedIn } from './support/api.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';
import { addBankedCreator } from './support/payees.ts';

const shot = async (page: Page, name: string) => {
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `creators-payout-access-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

test('[creators] a team member sees a creator’s payout methods read-only; the owner can change them', async ({ page, request }) => {
  const owner = await createOwner(request, 'payoutaccess', 'Harbor Talent');
  const creator = await addBankedCreator(request, owner.token, { first_name: 'Rae', last_name: 'Banked', emailPrefix: 'rae' });

  const member = await inviteMember(request, owner.token, 'teammember');
  await openSignedIn(page, member.token, `/creators/${creator.id}`);
  const payout = page.getByRole('region', { name: 'Payout methods' });
  await expect(payout).toContainText('••••••6789');
  await expect(payout).toContainText('Only an owner or admin can change payout details.');
  await expect(payout.getByRole('button')).toHaveCount(0);
  await expect(payout.getByRole('radio', { name: 'Pay with Bank account' })).toBeDisabled();
  await shot(page, 'team-member');

  await openSignedIn(page, owner.token, `/creators/${creator.id}`);
  await expect(payout.getByRole('listitem').filter({ hasText: 'PayPal' }).getByRole('button', { name: 'Add' })).toBeVisible();
  await expect(payout).not.toContainText('Only an owner or admin');
  await expect(payout.getByRole('radio', { name: 'Pay with Bank account' })).toBeEnabled();
});
