import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, readVerification } from './support/wallet.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `notifications-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

/** What the browser does when the person comes back to the tab: TanStack Query refetches then. */
const comeBackToWindow = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

test('[notifications] the bell shows the bank verified notification after the sandbox verification, and dismisses it', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'bell');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  await openSignedIn(page, owner.token, '/');
  const bell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');

  // The bank is linked and verified with the emailed code while the page stays open.
  const attach = await request.post('/v1/treasury/account', {
    headers,
    data: { account_number: '000123456789', routing_number: '110000000' },
  });
  expect(attach.status(), await attach.text()).toBe(200);
  const { code, url } = await readVerification(request, owner.email);
  const verify = await request.post(new URL(url).pathname, { headers: { accept: 'application/json' }, data: { code } });
  expect(verify.status(), await verify.text()).toBe(200);
  const verifiedText = 'Your bank account was verified: you can now add funds';
  await expect
    .poll(async () => ((await (await request.get('/v1/notifications', { headers })).json()) as { text: string }[]).map((n) => n.text))
    .toContain(verifiedText);

  // Coming back to the window refreshes the bell (besides every 10 minutes).
  await comeBackToWindow(page);
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await bell.click();
  const popover = page.getByRole('presentation').filter({ hasText: verifiedText });
  await expect(popover).toBeVisible();
  await shot(page, '01-bell-bank-verified');

  // Its link leads to the wallet; dismissing empties the bell.
  await popover.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByText('You have no notifications')).toBeVisible();
  // The dismissal is the server's: a fresh page (the popover closed) still shows none unread.
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
});

test('[notifications] a member chooses which notifications also come by email', async ({ page, request }) => {
  const owner = await createOwner(request, 'email-prefs');
  await openSignedIn(page, owner.token, '/settings?tab=notifications');
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('No Notifications to show');
  const card = page.getByRole('region', { name: 'Email notifications' });
  const save = card.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await card.getByRole('checkbox', { name: 'Funds arrived in the wallet' }).check();
  await card.getByRole('checkbox', { name: 'Payment failed', exact: true }).check();
  await shot(page, '02-email-preferences');
  await save.click();
  await expect(toast(page, 'Email preferences saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(card.getByRole('checkbox', { name: 'Funds arrived in the wallet' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Payment failed', exact: true })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Payment posted' })).not.toBeChecked();
  const saved = await request.get('/v1/notification_preferences', { headers: { 'auth-token': owner.token } });
  expect(((await saved.json()) as { email_events: string[] }).email_events.sort()).toEqual(['bank.funds_arrived', 'payment.failed']);
});

test('[settings] walks the Add Payment Method wizard: required fields, the methods, All steps completed and Reset', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'wizard');
  await openSignedIn(page, owner.token, '/settings?tab=profile');
  await expect(page.getByRole('region', { name: 'My account' })).toContainText(owner.email);
  const wizard = page.getByRole('region', { name: 'Add Payment Method' });
  await expect(wizard.getByText('Beneficiaries information')).toBeVisible();
  await expect(wizard.getByText('Payment info')).toBeVisible();

  // Step 0: Next with empty fields says what is missing.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('This field is required')).toHaveCount(6);
  await shot(page, '03-wizard-required');
  await wizard.getByRole('combobox', { name: 'Country' }).click();
  await expect(page.getByRole('option')).toHaveCount(52);
  await page.getByRole('option', { name: 'Canada' }).click();
  await wizard.getByRole('combobox', { name: 'Currency' }).click();
  await expect(page.getByRole('option')).toHaveText(['USD', 'CAD', 'EUR', 'HKD', 'AUD', 'SGD']);
  await page.getByRole('option', { name: 'CAD' }).click();
  await wizard.getByLabel('Address 1').fill('100 Queen St W');
  await wizard.getByLabel('City').fill('Toronto');
  await wizard.getByLabel('State').fill('ON');
  await wizard.getByLabel('Zip').fill('M5H 2N2');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 1: the four methods, each with its own fields.
  await wizard.getByRole('combobox', { name: 'Payment method' }).click();
  await expect(page.getByRole('option')).toHaveText(['International Bank', 'US Bank', 'Card', 'OTC Cash']);
  await page.getByRole('option', { name: 'International Bank' }).click();
  for (const label of ['Bank', 'First name', 'Last name', 'Account number', 'Routing number']) {
    await expect(wizard.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) })).toBeVisible();
  }
  await wizard.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'Card' }).click();
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard.getByText('This field is required')).toHaveCount(4);
  await wizard.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'OTC Cash' }).click();
  await wizard.getByLabel('Location').fill('Toronto Union Station kiosk');
  await shot(page, '04-wizard-payment-info');
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard.getByText('All steps completed')).toBeVisible();
  await shot(page, '05-wizard-completed');

  // Reset starts again from empty forms: nothing was saved.
  await wizard.getByRole('button', { name: 'Reset' }).click();
  await expect(wizard.getByLabel('Address 1')).toHaveValue('');
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeVisible();
});
