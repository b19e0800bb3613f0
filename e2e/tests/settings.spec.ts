import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, inviteMember, openSignedIn, PASSWORD, uniqueEmail } from './support/api.ts';
import { notifyPaymentsPosted } from './support/settings.ts';
import { signInThroughForm, signOutThroughSidebar, toast } from './support/ui.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `settings-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

test('[settings] upgrades the plan from the Billing tab and sees Current Plan', async ({ page, request }) => {
  const owner = await createOwner(request, 'billing', 'Upgrade Studios');
  await openSignedIn(page, owner.token, '/settings?tab=billing');
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
  // The spec's order.
  await expect(page.getByRole('tab')).toHaveText([
    'Organization',
    'Billing',
    'Profile',
    'API',
    'Notifications',
    'Quickbooks',
    'Approvals',
    'Audit log',
  ]);
  const card = page.getByRole('region', { name: 'Premium plan' });
  await expect(card).toContainText('$249.00/month');
  for (const line of [
    'Unlimited users',
    'Unlimited creators',
    'Contracts are free!',
    'ACH payments are free!',
    'Invoices paid via ACH: 0.8% (max $5.00)',
    'Invoices paid via card: $0.30 + 2.9%',
  ]) {
    await expect(card).toContainText(line);
  }
  await expect(page.getByRole('region', { name: 'Collected Fees' })).toContainText('No fees collected yet');
  await shot(page, '01-billing-free');

  // Nothing is charged before the confirmation comparing the plans.
  await card.getByRole('button', { name: 'Upgrade' }).click();
  const confirm = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(confirm.getByRole('table', { name: 'Plan comparison' })).toContainText('Up to 5');
  await confirm.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(toast(page, 'Your plan has been upgraded to Premium')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(card).toContainText(/Next charge of \$249\.00 from your wallet on \w+ 1, \d{4}\./);
  await expect(card.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
  await shot(page, '02-billing-current-plan');

  // Reloading keeps the tab and the plan; an unknown tab falls back to Organization.
  await page.reload();
  await expect(card.getByRole('button', { name: 'Current Plan' })).toBeVisible();
  await page.goto('/settings?tab=nonsense');
  await expect(page.getByRole('tab', { name: 'Organization', selected: true })).toBeVisible();
});

test('[settings] the owner schedules a downgrade for the end of the period, told what is lost, and keeps Premium after all', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'downgrade', 'Downgrade Studios');
  const upgraded = await request.put('/v1/org/plan', { data: { plan: 'standard' }, headers: { 'auth-token': owner.token } });
  expect(upgraded.status()).toBe(200);
  await openSignedIn(page, owner.token, '/settings?tab=billing');
  const card = page.getByRole('region', { name: 'Premium plan' });
  await card.getByRole('button', { name: 'Downgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Downgrade to Free' });
  await expect(dialog).toContainText('Creators are limited to 5');
  await expect(dialog).toContainText(/Premium stays until \w+ 1, \d{4}/);
  await shot(page, '05-downgrade-confirm');
  await dialog.getByRole('button', { name: 'Downgrade to Free' }).click();
  await expect(toast(page, 'Your downgrade to the free plan is scheduled')).toBeVisible();
  await expect(card).toContainText(/Your downgrade to the free plan is scheduled for \w+ 1, \d{4}\./);
  await shot(page, '06-downgrade-scheduled');
  await card.getByRole('button', { name: 'Keep Premium' }).click();
  await expect(toast(page, 'Your Premium plan continues')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Downgrade' })).toBeVisible();
});

test("[settings] the 5-creator limit's Upgrade now lands on the Billing tab", async ({ page, request }) => {
  const owner = await createOwner(request, 'limit');
  for (let index = 0; index < 5; index += 1) {
    const response = await request.post('/v1/creators', {
      headers: { 'auth-token': owner.token },
      data: { email: uniqueEmail('limit-creator'), first_name: 'C', last_name: `${index}` },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await openSignedIn(page, owner.token, '/creators');
  await expect(page.getByRole('row')).toHaveCount(6);
  await page.getByRole('button', { name: 'New Creator' }).click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await notice.getByRole('button', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByRole('region', { name: 'Premium plan' }).getByRole('button', { name: 'Upgrade' })).toBeVisible();
});

test('[settings] hides Billing from a team member', async ({ page, request }) => {
  const owner = await createOwner(request, 'billing-owner');
  const member = await inviteMember(request, owner.token, 'billing-member');
  await openSignedIn(page, member.token, '/settings?tab=billing');
  await expect(page.getByRole('tab', { name: 'Organization', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
  await expect(page.getByText('Only an owner or admin of your organization can change its plan.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Premium plan' })).toHaveCount(0);
});

test('[settings] changes the password from the Profile tab', async ({ page, request }) => {
  const owner = await createOwner(request, 'profile');
  await openSignedIn(page, owner.token, '/settings?tab=profile');
  const account = page.getByRole('region', { name: 'My account' });
  await expect(account).toContainText(`Email address: ${owner.email}`);
  await account.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const newPassword = 'Brand-new-9!';
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill('Brand-new-8!');
  await expect(dialog.getByText('Passwords must match')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await shot(page, '03-change-password-mismatch');
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await expect(dialog.getByText('Passwords must match')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Password has been updated.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await signOutThroughSidebar(page);
  await signInThroughForm(page, owner.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test('[settings] lists notifications on the Notifications tab and dismisses them', async ({ page, request }) => {
  const owner = await createOwner(request, 'settings-notes');
  const [posted] = await notifyPaymentsPosted(request, owner.token, [24_900]);
  await openSignedIn(page, owner.token, '/settings?tab=notifications');
  const list = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(list).toContainText(posted!);
  await shot(page, '04-notifications');

  // A failed dismiss puts the notification back and says so.
  await page.route('**/v1/notifications/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { message: 'boom', code: 'internal' } }) : route.fallback(),
  );
  await list.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast(page, 'Failed to dismiss notification')).toBeVisible();
  await expect(list).toContainText(posted!);
  await page.unroute('**/v1/notifications/*');

  await list.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(list).toContainText('No Notifications to show');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('No Notifications to show');
});
