import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createOwner, openSignedIn, PASSWORD } from './support/api.ts';
import { signInThroughForm, signOutThroughSidebar } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';
import { readEmailedFactorCode } from './support/two-factor.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshot(page, {
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
  // The QR code an authenticator app scans is drawn beside the key.
  const qr = card.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  // Their first factor: they show it is them with the code emailed to their address.
  await card.getByLabel('Code we emailed you').fill(await readEmailedFactorCode(request, owner.email));
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

/**
 * WebAuthn refuses an IP address as the relying party, so the API's default (127.0.0.1) makes
 * localhost the relying party: the passkey journey runs on http://localhost:<port>.
 */
const localhostOrigin = () => `http://localhost:${new URL(test.info().project.use.baseURL ?? '').port}`;

/** Chromium's virtual authenticator (over CDP): a platform authenticator that keeps passkeys and verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

test('[two-factor] adds a passkey in Settings > Profile, then signs in with it alone', async ({ page, request }) => {
  const owner = await createOwner(request, 'passkey');
  await addVirtualAuthenticator(page);
  await openSignedIn(page, owner.token, '/settings?tab=profile', localhostOrigin());
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByLabel('Passkey name').fill('Work laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  // Their first factor: the code emailed to their address shows it is them.
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Code we emailed you').fill(await readEmailedFactorCode(request, owner.email));
  await confirm.getByRole('button', { name: 'Add the passkey' }).click();
  // The first second factor: the recovery codes, shown once.
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('list', { name: 'Your passkeys' })).toContainText('Work laptop');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText('On: passkeys. 10 of 10 recovery codes left.');
  await shot(page, '05-passkey-added');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '06-passkey-added-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await signOutThroughSidebar(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/signin$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto(`${localhostOrigin()}/settings?tab=profile`);
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
});
