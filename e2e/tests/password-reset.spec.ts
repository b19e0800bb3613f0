import { expect, test } from '@playwright/test';
import { createOwner, PASSWORD, readResetLink } from './support/api.ts';
import { signInThroughForm, signOutThroughSidebar, toast } from './support/ui.ts';

const NEW_PASSWORD = 'Fresh-start-42!';

test('[auth] resets a forgotten password from the emailed link and signs in with it', async ({ page, request }) => {
  const owner = await createOwner(request, 'forgot', 'Atlas Talent');

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email address').fill(owner.email);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, 'Request has been sent, check your email!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const linkPath = await readResetLink(request, owner.email);
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  // No header or navigation without a session.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API reference' })).toBeVisible();

  const reset = page.getByRole('button', { name: 'Reset' });
  await expect(reset).toBeDisabled();
  await page.getByLabel('New password').fill('short');
  await expect(reset).toBeEnabled();
  await reset.click();
  // A password failing the rule flags the field and makes no call: still on the page.
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`${linkPath}$`));

  // After success the page must not ask again about the link it just spent (a 410 in the console).
  const linkAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/expiring_link') && response.request().method() === 'GET') linkAnswers.push(response.status());
  });
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await reset.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Password has been updated.')).toBeVisible();
  await expect(page.getByTestId('org-label')).toHaveText('Atlas Talent');
  expect(linkAnswers).toEqual([]);

  // The link works once.
  await page.goto(linkPath);
  await expect(page.getByText('Sorry! This link is no longer valid.')).toBeVisible();

  await page.goto('/');
  await signOutThroughSidebar(page);
  await signInThroughForm(page, owner.email, PASSWORD);
  await expect(toast(page, 'Incorrect email or password')).toBeVisible();
  await signInThroughForm(page, owner.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test('[auth] says an unknown reset link is no longer valid', async ({ page }) => {
  await page.goto('/resetPassword/not-a-real-link');
  await expect(page.getByText('Sorry! This link is no longer valid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
});
