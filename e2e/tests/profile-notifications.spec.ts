import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { toast } from './support/ui.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });
const databaseUrl = () => `postgres://crewpay:crewpay@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54339'}/postgres`;

/** Organisation-wide notifications, written as the app's events write them. */
async function seedNotifications(orgId: string, texts: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    for (const text of texts)
      await client.query(`INSERT INTO notifications (id, org_id, text, link) VALUES ($1, $2, $3, '/wallets')`, [randomUUID(), orgId, text]);
  } finally {
    await client.end();
  }
}

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
  const org = (await (await request.get('/v1/org', { headers: { 'auth-token': owner.token } })).json()) as { id: string };
  await seedNotifications(org.id, ['Funds arrived', 'A payout posted', 'An invoice was paid']);
  await openSignedIn(page, owner.token, '/');
  const bell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toHaveAccessibleName('Notifications (3 unread)');
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('An invoice was paid')).toBeVisible();
  await shot(page, 'notifications-mark-all-read-before');
  await popover.getByRole('button', { name: 'Mark all read' }).click();
  await expect(popover.getByText('You have no notifications')).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await shot(page, 'notifications-mark-all-read-after');
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
});
