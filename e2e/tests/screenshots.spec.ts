import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, readResetLink, signUpViaApi, uniqueEmail } from './support/api.ts';
import { signInThroughForm, toast } from './support/ui.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';

// PNGs of every page, for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  // Transitions are run to their end, so dialogs and popovers are captured fully shown.
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
  });
};

test('[screenshots] captures each page', async ({ page, request }) => {
  test.slow();
  // Along the way nothing may throw; answers above 399 are expected here (wrong password, bad link).
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await shot(page, '01-sign-in');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  await shot(page, '02-sign-in-reset-dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const owner = await createOwner(request, 'shots', 'Northwind Studios');
  await signInThroughForm(page, owner.email, 'Not-the-password-1');
  await expect(toast(page, 'Incorrect email or password')).toBeVisible();
  await shot(page, '03-sign-in-error-toast');

  await page.goto('/signup/join');
  await shot(page, '04-sign-up');
  await page.getByLabel('Email address').fill('someone@');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByLabel('Email address').click();
  await shot(page, '05-sign-up-errors');

  const newcomer = await signUpViaApi(request, uniqueEmail('shots-new'));
  await openSignedIn(page, newcomer.auth_token, '/createOrg');
  await expect(page.getByRole('heading', { name: 'Create your organization' })).toBeVisible();
  await shot(page, '06-create-org');

  await openSignedIn(page, owner.token, '/');
  await expect(page.getByRole('button', { name: 'Activate your account' })).toBeVisible();
  await shot(page, '07-home-not-activated');

  await page.getByRole('button', { name: 'Activate your account' }).click();
  await expect(page.getByRole('dialog', { name: 'Before we get started...' })).toBeVisible();
  await shot(page, '08-home-activation-dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: /Notifications/ }).click();
  await expect(page.getByText('You have no notifications')).toBeVisible();
  await shot(page, '09-notifications');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await page.mouse.move(700, 700); // away from any tooltip
  await shot(page, '10-sidebar-collapsed');
  await page.getByRole('button', { name: 'Expand menu' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('dialog').getByLabel('Email address').fill(owner.email);
  await page.getByRole('button', { name: 'Reset' }).click();
  const linkPath = await readResetLink(request, owner.email);
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await shot(page, '11-set-new-password');

  await page.goto('/resetPassword/expired-link');
  await expect(page.getByText('Sorry! This link is no longer valid.')).toBeVisible();
  await shot(page, '12-link-no-longer-valid');

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Creator', exact: true }).click();
  await shot(page, '13-sign-in-as-creator');
  expect(problems).toEqual([]);
});
