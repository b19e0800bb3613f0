import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';

test('[home] explains what activation needs before it starts', async ({ page, request }) => {
  const owner = await createOwner(request, 'activate');
  await openSignedIn(page, owner.token, '/');

  await page.getByRole('button', { name: 'Activate your account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Before we get started...' });
  await expect(dialog).toContainText('SSN, a birth date and an EIN');
  await expect(dialog).toContainText('never shared with third parties');
  await expect(dialog).toContainText('authorized to sign on behalf of your organization');
  await expect(dialog.getByRole('button', { name: "Let's go!" })).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('[home] shows no made-up figures for an organisation that is not activated', async ({ page, request }) => {
  const owner = await createOwner(request, 'nofigures');
  await openSignedIn(page, owner.token, '/');
  await expect(page.getByRole('button', { name: 'Activate your account' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\$\s?\d/);
});

test('[notifications] opens an empty notification list from the bell', async ({ page, request }) => {
  const owner = await createOwner(request, 'bell');
  await openSignedIn(page, owner.token, '/');
  await page.getByRole('button', { name: 'Notifications (0 unread)' }).click();
  await expect(page.getByText('You have no notifications')).toBeVisible();
});
