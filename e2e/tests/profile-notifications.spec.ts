import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { notifyPaymentsPosted } from './support/settings.ts';
import { toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

test('[settings] a display name set in Profile is shown in the header and the members list, after a reload too', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'named');
  await openSignedIn(page, owner.token, '/settings?tab=profile');
  const header = page.getByRole('banner');
  await expect(header.getByText(owner.email)).toBeVisible();
  const field = page.getByLabel('Display name');
  await field.fill('Sam Rivera');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated!')).toBeVisible();
  await expect(header.getByText('Sam Rivera')).toBeVisible();
  await shot(page, 'profile-display-name-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'profile-display-name-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Sam Rivera');
  await expect(header.getByText('Sam Rivera')).toBeVisible();
  await page.goto('/settings?tab=organization');
  await expect(page.getByRole('row').filter({ hasText: owner.email }).getByText('Sam Rivera')).toBeVisible();
});

test('[notifications] Mark all read empties the bell in one click, and stays read after a reload', async ({ page, request }) => {
  const owner = await createOwner(request, 'readall');
  const [, , newest] = await notifyPaymentsPosted(request, owner.token, [1_000, 2_000, 3_000]);
  await openSignedIn(page, owner.token, '/');
  const bell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toHaveAccessibleName('Notifications (3 unread)');
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText(newest!)).toBeVisible();
  await shot(page, 'notifications-mark-all-read-before');
  await popover.getByRole('button', { name: 'Mark all read' }).click();
  await expect(popover.getByText('You have no notifications')).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await shot(page, 'notifications-mark-all-read-after');
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
});
