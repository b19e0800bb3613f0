import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openSignedIn } from '../tests/support/api.ts';
import { createLiveOwner } from './support/live.ts';

const screenshot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

type FakeState = { partner: { balance: number }; merchants: { merchant_id: string; email: string; balance: number; features: string[] }[] };
const fakeState = async () => (await (await fetch(`${process.env.PAYPAL_FAKE_URL}/_fake/state`)).json()) as FakeState;

test('[wallets live] an owner connects the organization’s own PayPal on PayPal’s pages and sees its balance', async ({ page, request }) => {
  const owner = await createLiveOwner(request, 'Northwind Studios');
  await openSignedIn(page, owner.token, '/wallets?tab=paypal');
  await page.getByRole('link', { name: 'Connect PayPal' }).click();

  // PayPal's onboarding (the fake's), not the sandbox's consent page: it asks for the payouts permission.
  await expect(page).toHaveURL(new RegExp(`^${process.env.PAYPAL_FAKE_URL}/bizsignup/partner/entry\\?referralToken=`));
  await expect(page.getByText('Send payouts from your PayPal balance')).toBeVisible();
  await page.getByLabel('Email of your PayPal business account').fill('treasury@northwind.example');
  await page.screenshot({ path: screenshot('wallets-live-01-paypal-onboarding') });
  await page.getByRole('button', { name: 'Agree and Connect' }).click();

  // PayPal sent the browser back with our code: the link is made, PayPal's extra parameters are dropped.
  await expect(page.getByText('Linked to treasury@northwind.example')).toBeVisible();
  await expect(page).toHaveURL(/\/wallets\?tab=paypal$/);
  await expect(page.getByLabel('PayPal balance')).toHaveText('$5,000.00');
  await page.screenshot({ path: screenshot('wallets-live-02-paypal-linked'), fullPage: true });
  const merchant = (await fakeState()).merchants.find((entry) => entry.email === 'treasury@northwind.example');
  expect(merchant).toMatchObject({ balance: 500_000, features: expect.arrayContaining(['PAYOUTS']) });

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('link', { name: 'Connect PayPal' })).toBeVisible();
});
