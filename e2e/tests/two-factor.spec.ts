import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createOwner, openSignedIn, PASSWORD } from './support/api.ts';
import { signInThroughForm, signOutThroughSidebar } from './support/ui.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await page.screenshot({
    path: path.resolve(test.info().project.testDir, '../screenshots', `two-factor-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

// The authenticator's code one 30-second step ahead: the step of the set-up code is spent (replay
// protection), and the server accepts one step either side.
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('[two-factor] sets up an authenticator app in Settings > Profile, then signs in with its code', async ({ page, request }) => {
  const owner = await createOwner(request, 'totp');
  await openSignedIn(page, owner.token, '/settings?tab=profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('Off: signing in takes your password only.');
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await card.getByTestId('totp-secret').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  await shot(page, '01-setup');
  await card.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await shot(page, '02-recovery-codes');
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('On: an authenticator app. 10 of 10 recovery codes left.');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '03-on-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await signOutThroughSidebar(page);
  await signInThroughForm(page, owner.email, PASSWORD);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await codeField.fill(await nextCode(secret));
  await shot(page, '04-sign-in-code');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
