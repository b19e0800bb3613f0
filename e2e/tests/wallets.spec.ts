import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, inviteMember, openSignedIn } from './support/api.ts';
import { toast } from './support/ui.ts';
import { startServerBeside } from './support/server.ts';
import { activateViaApi, advanceClock, readVerification } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const balance = (page: Page) => page.getByTestId('us-wallet-balance');
// e2e/screenshots/ (not committed), like the other journeys.
const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test('[wallets] activates, links a bank verified with the emailed code, adds $1,250.00 and sees it once the clock moves', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'wallet');
  await openSignedIn(page, owner.token, '/');

  await page.getByRole('button', { name: 'Activate your account' }).click();
  await page.getByRole('dialog', { name: 'Before we get started...' }).getByRole('button', { name: "Let's go!" }).click();
  await expect(page).toHaveURL(/\/createFundAcct$/);
  await expect(page.getByRole('heading', { name: 'Business Representative' })).toBeVisible();

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Job title').fill('CEO');
  await page.getByLabel('Phone').fill('4155550134');
  await expect(page.getByLabel('Phone')).toHaveValue('(415) 555-0134');
  await page.getByLabel('Date of birth').fill('1985-12-10');
  await page.getByLabel('SSN').fill('12345678');
  await page.getByLabel('Street address', { exact: false }).first().fill('1 Market St');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State').click();
  await page.getByRole('option', { name: 'PR — Puerto Rico' }).click();
  await page.getByLabel('Zip code').fill('00901');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required and must be 9 digits')).toBeVisible();
  await expect(page.getByText('You must accept the terms to continue')).toBeVisible();
  await page.getByLabel('SSN').fill('123456789');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/createFundBusiness$/);
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('San Francisco');
  await page.getByLabel('EIN').fill('12-3456789');
  await expect(page.getByLabel('EIN')).toHaveValue('123456789');
  await page.getByLabel('Business phone').fill('4155550199');
  await page.getByLabel('Product or service description').fill('Creator campaigns');
  await page.getByRole('checkbox').check();
  await screenshot(page, { path: shotPath('wallets-01-activation-step-2'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Activate your account' })).toBeHidden();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallets' }).click();
  await expect(balance(page)).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Show account details' }).click();
  await expect(page.getByLabel('Account details')).toContainText('110000000');
  await page.getByRole('button', { name: 'Connect bank' }).click();
  const addBank = page.getByRole('dialog', { name: 'Add a bank account' });
  await addBank.getByLabel('Account number').fill('000123456789');
  await addBank.getByLabel('Routing number').fill('110000000');
  await screenshot(page, { path: shotPath('wallets-02-add-bank') });
  await addBank.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Bank account added, please check for trial deposits in 1-2 business days.')).toBeVisible();
  // Closed by its button: an Escape pressed while the dialog swaps its content can land on nothing.
  await page.getByRole('dialog', { name: 'Verify your bank' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Verify account' })).toBeVisible();

  const { code, url } = await readVerification(request, owner.email);
  await page.goto(new URL(url).pathname);
  await page.getByLabel('Statement description code').fill('SM0000');
  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByRole('alert')).toContainText('That code does not match');
  await screenshot(page, { path: shotPath('wallets-03-verify-page-wrong-code') });
  await page.getByLabel('Statement description code').fill(code);
  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account verified' })).toBeVisible();

  await page.goto('/wallets?tab=usOnly');
  await page.getByRole('button', { name: 'Add funds' }).click();
  const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
  await addFunds.getByLabel('Amount').fill('1,250');
  await screenshot(page, { path: shotPath('wallets-04-add-funds') });
  await addFunds.getByRole('button', { name: 'Add funds' }).click();
  await expect(toast(page, 'Funds are on the way!')).toBeVisible();
  const table = page.getByRole('grid', { name: 'Transactions' });
  await expect(table.getByRole('row').filter({ hasText: 'Pending' })).toContainText('+$1,250.00');
  // Arriving money is not available yet, but it is the wallet's: the balance counts it as incoming.
  await expect(balance(page)).toHaveText('$0.00');
  await expect(page.getByTestId('us-wallet-incoming')).toHaveText('$1,250.00');
  await expect(page.getByTestId('us-wallet-total')).toHaveText('$1,250.00');

  await advanceClock(request, 60);
  await page.reload();
  await expect(balance(page)).toHaveText('$1,250.00');
  const row = table.getByRole('row').filter({ hasText: 'Posted' });
  await expect(row).toContainText('Funds added by ACH');
  await expect(row).toContainText('+$1,250.00');
  await expect(page.getByTestId('us-wallet-incoming')).toHaveText('$0.00');
  await screenshot(page, { path: shotPath('wallets-05-funded'), fullPage: true });
});

test('[wallets] transfers funds out with the fee and total on the review', async ({ page, request }) => {
  // A second server: the operator names the one organisation that may transfer out when starting it.
  test.slow();
  const owner = await createOwner(request, 'transfer', 'Transfer Out Studios');
  const headers = { 'auth-token': owner.token };
  const org = (await (await request.get('/v1/org', { headers })).json()) as { id: string };
  await activateViaApi(request, owner.token);
  const load = await request.post('/v1/treasury/load', { data: { amount: 200_000 }, headers });
  expect(load.status()).toBe(200);
  const server = await startServerBeside(1036, { TRANSFER_OUT_ORG_ID: org.id });
  try {
    await transferOut(page, owner.token, server.url);
  } finally {
    server.stop();
  }
});

async function transferOut(page: Page, token: string, origin: string): Promise<void> {
  await openSignedIn(page, token, '/wallets', origin);
  await expect(balance(page)).toHaveText('$2,000.00');
  await page.getByRole('button', { name: 'Transfer funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer Funds' });
  await dialog.getByLabel('Name').fill('Northwind Payroll');
  await dialog.getByLabel('Amount').fill('1250');
  await dialog.getByLabel('Memo').fill('Payroll');
  await dialog.getByLabel('Account number').fill('000123456789');
  await dialog.getByLabel('Routing number').fill('110000000');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog).toContainText('Fee$0.13');
  await expect(dialog).toContainText('Total$1,250.13');
  await screenshot(page, { path: shotPath('wallets-06-transfer-review') });
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Funds are on the way!')).toBeVisible();
  await expect(balance(page)).toHaveText('$749.87');
  // The money left available for held until the bank posts it: the balance is unchanged until then.
  const held = page.getByRole('grid', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Payroll' });
  await expect(held).toContainText('Held until sent');
  await expect(held).toContainText('-$1,250.13');
  await expect(held).toContainText('+$1,250.13');
  await expect(page.getByTestId('us-wallet-held')).toHaveText('$1,250.13');
  await expect(page.getByTestId('us-wallet-total')).toHaveText('$2,000.00');
}

test('[wallets] other organisations are asked to contact support to transfer out', async ({ page, request }) => {
  const owner = await createOwner(request, 'support');
  await activateViaApi(request, owner.token);
  await openSignedIn(page, owner.token, '/wallets');
  await page.getByRole('button', { name: 'Transfer funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer Funds' });
  await expect(dialog).toContainText('Please contact support to transfer funds out of Crewpay');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
});

test('[wallets] an organisation that is not activated sees its wallet is not set up', async ({ page, request }) => {
  const owner = await createOwner(request, 'notsetup');
  await openSignedIn(page, owner.token, '/wallets');
  await expect(page.getByText('Your US-only Wallet is not setup')).toBeVisible();
  await page.getByRole('tab', { name: 'PayPal' }).click();
  await expect(page).toHaveURL(/tab=paypal/);
  await page.getByRole('link', { name: 'Connect PayPal' }).click();
  await page.getByLabel('PayPal email').fill('payouts@example.com');
  await screenshot(page, { path: shotPath('wallets-07-paypal-consent') });
  await page.getByRole('button', { name: 'Agree and Connect' }).click();
  await expect(page).toHaveURL(/\/wallets\?tab=paypal$/);
  await expect(page.getByText('Linked to payouts@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('link', { name: 'Connect PayPal' })).toBeVisible();
});

test('[wallets] sends a collaborator who opens /wallets home', async ({ page, request }) => {
  const owner = await createOwner(request, 'walletowner');
  const collaborator = await inviteMember(request, owner.token, 'collaborator');
  await openSignedIn(page, collaborator.token, '/wallets');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallets' })).toHaveCount(0);
});
