import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

/**
 * This server runs the sandbox, whose bank asks for nothing more. What a server on Stripe answers
 * after Stripe's account.updated (an identity document past due, proven through the API by
 * apps/api/src/modules/provider-sync/live-money.test.ts) stands in for it, and a page of ours
 * stands in for Stripe's hosted onboarding.
 */
const OUTSTANDING = {
  status: 'action_required',
  wallet_usable: false,
  disabled_reason: 'requirements.past_due',
  requirements: [
    {
      requirement: 'representative.verification.document',
      fix: 'document',
      message: "Stripe could not verify the representative's identity: upload a photo of a government-issued ID with Stripe.",
      past_due: true,
      error_code: 'verification_failed_id_number_match',
    },
    {
      requirement: 'company.tax_id',
      fix: 'business',
      message:
        'Stripe could not accept the business details: check the EIN, phone, address and description, and accept the agreement again.',
      past_due: true,
      error_code: null,
    },
  ],
};
const STRIPE_HOSTED = 'https://connect.stripe.test/setup/e2e';

test('[verification] the wallet says why it cannot be used and the Verification page says what Stripe needs and how to give it', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'verification');
  await activateViaApi(request, owner.token);
  await page.route('**/v1/org/onboarding', (route) => route.fulfill({ json: OUTSTANDING }));
  const linkRequests: string[] = [];
  await page.route('**/v1/org/onboarding_link', (route) => {
    linkRequests.push(route.request().method());
    return route.fulfill({ json: { url: STRIPE_HOSTED } });
  });
  await page.route(`${STRIPE_HOSTED}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Stripe: upload an identity document</h1>' }),
  );

  await openSignedIn(page, owner.token, '/wallets');
  const notice = page.getByRole('alert').filter({ hasText: 'Your wallet is not usable yet' });
  await expect(notice).toContainText('Stripe needs more information about your organization.');
  await notice.getByRole('link', { name: 'See what Stripe needs' }).click();

  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();
  await expect(page.getByText('Stripe needs more information before your wallet can be used.')).toBeVisible();
  const rows = page.getByLabel('Outstanding requirement');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Stripe could not verify the representative's identity");
  await expect(rows.nth(0)).toContainText('Past due: representative.verification.document');
  await expect(rows.nth(1).getByRole('link', { name: 'Correct the business' })).toHaveAttribute('href', '/createFundBusiness');
  await screenshot(page, { path: shotPath('verification-outstanding'), fullPage: true });

  await rows.nth(0).getByRole('button', { name: 'Continue on Stripe' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe: upload an identity document' })).toBeVisible();
  expect(linkRequests).toEqual(['POST']);
});
