import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createOwner, openSignedIn, PASSWORD } from './support/api.ts';
import { createCollaborator, enrolViaApi, nextCode, readEmailedFactorCode, sessionBeforeEnrolment } from './support/two-factor.ts';
import { signInThroughForm, toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';
import { activateViaApi } from './support/wallet.ts';
import { addBankedCreator } from './support/payees.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `two-factor-required-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

/** Both widths a person looks at. */
const shotBoth = async (page: Page, name: string) => {
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
};

test('[two-factor] an owner requires two-factor; a member is made to set it up, then reaches Home', async ({ page, request }) => {
  const owner = await createOwner(request, 'requires');
  await enrolViaApi(request, owner.token);
  const member = await createCollaborator(request, owner.token);
  await openSignedIn(page, owner.token, '/settings?tab=profile');
  const ownerCard = page.getByRole('region', { name: 'Two-factor sign-in' });
  const rule = ownerCard.getByRole('switch', { name: 'Require two-factor sign-in for every team member' });
  // The switch follows the saved rule, so it turns on once the server answers.
  await rule.click();
  await expect(rule).toBeChecked();
  await expect(ownerCard).toContainText('Your organization requires two-factor sign-in.');
  await page.evaluate(() => window.localStorage.clear());

  await signInThroughForm(page, member, PASSWORD);
  await expect(page).toHaveURL(/\/two-factor-setup$/);
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // Nothing else is reachable until it is set up.
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/two-factor-setup$/);
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('Your organization requires two-factor sign-in.');
  await shotBoth(page, '01-required');

  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await card.getByTestId('totp-secret').inputValue();
  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  await card.getByLabel('Code we emailed you').fill(await readEmailedFactorCode(request, member));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('dialog', { name: 'Your recovery codes' }).getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('On: an authenticator app.');
  await shotBoth(page, '02-enrolled');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('[two-factor] creating an API key on a stale factor asks for the code, then creates it', async ({ page, request }) => {
  const owner = await createOwner(request, 'stale');
  const stale = await sessionBeforeEnrolment(request, owner.email);
  const secret = await enrolViaApi(request, owner.token);
  await openSignedIn(page, stale, '/settings?tab=api');
  const card = page.getByRole('region', { name: 'API keys' });
  await card.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog', { name: 'Create API key' }).getByRole('button', { name: 'Create key' }).click();

  const reverify = page.getByRole('dialog', { name: 'Confirm it is you' });
  await reverify.getByLabel('Authentication code').fill(await nextCode(secret));
  await shotBoth(page, '03-reverify');
  await reverify.getByRole('button', { name: 'Confirm' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByTestId('secret-once-value')).toHaveValue(/^cp_sandbox_/);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('list', { name: 'API key list' })).toContainText('cp_sandbox_…');
});

test('[two-factor] executing on a stale factor asks for the code, then executes (issue 40)', async ({ page, request }) => {
  const owner = await createOwner(request, 'staleexec');
  const headers = { 'auth-token': owner.token };
  // A session signed in before the factor was set up: it has never proved it (stale).
  const stale = await sessionBeforeEnrolment(request, owner.email);
  const secret = await enrolViaApi(request, owner.token);
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  // Added while the set-up's proof is fresh: a payee with bank details asks for it too.
  const creator = await addBankedCreator(request, owner.token);

  await openSignedIn(page, stale, `/payments/newPayment?recipient_id=${creator.id}`);
  await expect(page.getByTestId('payment-row').getByRole('combobox', { name: 'Recipient' })).toHaveValue('Sam Banked');
  await page.getByLabel('Earnings').fill('200');
  await page.getByLabel('Memo').fill('June');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: '1 payment created' }).getByRole('button', { name: 'Execute now' }).click();
  await page.getByRole('dialog', { name: 'Execute payments' }).getByRole('button', { name: 'Execute' }).click();

  const reverify = page.getByRole('dialog', { name: 'Confirm it is you' });
  await reverify.getByLabel('Authentication code').fill(await nextCode(secret));
  await reverify.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Payment is on the way!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'June' })).not.toContainText('Draft');
});
