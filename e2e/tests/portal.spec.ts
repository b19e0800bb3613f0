import path from 'node:path';
import { generate } from 'otplib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PASSWORD, createOwner, inviteMember, openSignedIn, uniqueEmail } from './support/api.ts';
import { signInThroughForm, toast } from './support/ui.ts';
import { choosePasswordFromInvitation, signInOnPortalSide } from './support/portal-login.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';
import { readEmailedFactorCode } from './support/two-factor.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

type Headers = Record<string, string>;

async function addCreator(request: APIRequestContext, headers: Headers, email: string) {
  const response = await request.post('/v1/creators', { headers, data: { email, first_name: 'Maya', last_name: 'Lopez' } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; user_id: string };
}

/** The staff sends an e-sign contract (two pages, a signature block on each) to one of their creators. */
async function sendContract(request: APIRequestContext, headers: Headers, creatorId: string, title: string) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of ['Creator agreement, page one', 'Creator agreement, page two']) {
    document.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 18, font });
  }
  const block = (page: number) => ({
    x: 100,
    y: 600,
    type: 'signature',
    width: 80,
    height: 16,
    required: true,
    signer: 0,
    api_id: `signature_field_${page}`,
    page,
  });
  const response = await request.post('/v1/contracts', {
    headers,
    multipart: {
      title,
      type: 'signature_request',
      recipient: creatorId,
      recipient_type: 'creator',
      expiration_date: '2099-01-01',
      formFields: JSON.stringify([block(1), block(2)]),
      file: { name: 'Agreement.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string };
}

test('[portal] a creator of two organisations signs a contract from the portal, fills payout details for one and sees the waiting payment go Pending, then Posted', async ({
  page,
  request,
}) => {
  // A whole journey with a settlement in the middle: slow on a loaded machine.
  test.slow();
  const payer = await createOwner(request, 'portal-payer', 'Northwind Studios');
  const payerHeaders = { 'auth-token': payer.token };
  await activateViaApi(request, payer.token);
  expect((await request.post('/v1/treasury/load', { headers: payerHeaders, data: { amount: 100_000 } })).status()).toBe(200);
  const other = await createOwner(request, 'portal-other', 'Blue Harbor Media');
  const email = uniqueEmail('maya');
  const inNorthwind = await addCreator(request, payerHeaders, email);
  await addCreator(request, { 'auth-token': other.token }, email);
  const created = await request.post('/v1/payments', {
    headers: payerHeaders,
    data: [{ recipient: inNorthwind.id, recipient_role: 'creator', earnings: 25_000, split: 100, memo: 'June reel' }],
  });
  const [payment] = ((await created.json()) as { data: { id: string }[] }).data;
  expect((await request.put('/v1/payments/initiate', { headers: payerHeaders, data: { ids: [payment!.id] } })).status()).toBe(200);
  const contract = await sendContract(request, payerHeaders, inNorthwind.id, 'Summer collab agreement');

  await choosePasswordFromInvitation(request, email);
  await signInOnPortalSide(page, email);
  await expect(page).toHaveURL(/\/creator$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Crewpay!' })).toBeVisible();
  await expect(page.getByTestId('org-label')).toHaveText('Creator dashboard');
  await expect(page.getByTestId('portal-orgs')).toHaveText('Working with Blue Harbor Media, Northwind Studios');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Contracts', 'Payments', 'Settings', 'Sign out'])
    await expect(nav.getByText(label, { exact: true })).toBeVisible();
  await expect(nav.getByText('Invoices', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Pending' })).toContainText('$250.00');
  const todo = page.getByRole('region', { name: 'To-do' });
  await expect(todo.getByText('Payment needs payout method')).toBeVisible();
  await shot(page, 'portal-01-home');

  // The contract waiting for the creator's signature leads to its page; they sign it there.
  await todo.getByText('Unsigned Contract').click();
  await expect(page).toHaveURL(new RegExp(`/creator/contracts/${contract.id}$`));
  await expect(page.getByRole('heading', { name: 'Summer collab agreement' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Page 1 of 2')).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await expect(page.getByText('Company: Northwind Studios')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByText('Signed on: -')).toBeVisible();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const signPanel = page.getByRole('region', { name: 'Sign this document' });
  await expect(signPanel.getByText(/highlighted block \(2\)/)).toBeVisible();
  await expect(signPanel.getByLabel('Full name')).toHaveValue('Maya Lopez');
  await signPanel.getByLabel(/I agree to sign this document electronically/).check();
  await shot(page, 'portal-01b-contract-signing');
  await signPanel.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(toast(page, 'Contract has been signed!')).toBeVisible();
  await expect(signPanel).toHaveCount(0);
  await expect(page.getByText('Signed', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Signed on: \d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
  // The signed copy now shows: both pages and the signature certificate.
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await shot(page, 'portal-01c-contract-signed');
  await nav.getByText('Home', { exact: true }).click();
  await expect(todo.getByText('Unsigned Contract')).toHaveCount(0);

  // An external user on a staff page is sent back to the portal.
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/creator$/);

  await todo.getByText('Payment needs payout method').click();
  await expect(page).toHaveURL(/\/creator\/settings\?tab=payment_details/);
  const northwind = page.getByRole('region', { name: 'Payment details for Northwind Studios' });
  await expect(page.getByRole('region', { name: 'Payment details for Blue Harbor Media' })).toBeVisible();
  // Neither organisation has PayPal enabled: Bank only.
  await expect(northwind.getByRole('button', { name: 'PayPal' })).toHaveCount(0);
  await expect(northwind.getByLabel('First name')).toHaveValue('Maya');
  const save = northwind.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await northwind.getByLabel('Routing number').fill('12345');
  await northwind.getByLabel('Routing number').blur();
  await expect(northwind.getByText('This field is required and must be 9 digits')).toBeVisible();
  await northwind.getByLabel('Account number').fill('000123456789');
  await northwind.getByLabel('Routing number').fill('110000000');
  await northwind.getByLabel('Date of birth').fill('1992-03-14');
  await northwind.getByLabel('SSN').fill('123456789');
  await northwind.getByLabel('Address 1').fill('12 Harbor Way');
  await northwind.getByLabel('City').fill('Austin');
  await northwind.getByLabel('State').click();
  await page.getByRole('option', { name: 'TX — Texas' }).click();
  await northwind.getByLabel('Zip').fill('78701');
  await shot(page, 'portal-02-payment-details-filled');
  await save.click();
  await expect(toast(page, 'Payment details updated!')).toBeVisible();
  // The fields reset untouched: the secrets are on file and shown masked only.
  await expect(northwind.getByLabel('Account number')).toHaveValue('');
  await expect(northwind.getByLabel('Account number')).toHaveAttribute('placeholder', '••••••6789');
  await expect(northwind.getByText('On file: leave empty to keep it').first()).toBeVisible();
  await shot(page, 'portal-03-payment-details-saved');

  await nav.getByText('Payments', { exact: true }).click();
  const table = page.getByRole('grid', { name: 'Payments' });
  await expect(table.getByRole('row').filter({ hasText: 'June reel' })).toContainText('Pending');
  await expect(table.getByRole('row').filter({ hasText: 'June reel' })).toContainText('Northwind Studios');
  await shot(page, 'portal-04-payments-pending');

  await advanceClock(request, 61);
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: 'June reel' })).toContainText('Posted', { timeout: 5_000 });
  }).toPass();
  await shot(page, 'portal-05-payments-posted');
  await page.goto('/creator');
  await expect(page.getByText('No outstanding tasks')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Completed' })).toContainText('$250.00');
});

test('[portal] an owner acts as a Team member, sees Execute disabled, and goes back', async ({ page, request }) => {
  const owner = await createOwner(request, 'acting-owner', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  const teammateEmail = (await inviteMember(request, owner.token, 'teammate')).email;
  const creator = await addCreator(request, headers, uniqueEmail('draft'));
  await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings: 10_000, split: 100, memo: 'Draft' }],
  });

  await openSignedIn(page, owner.token, '/settings?tab=organization');
  await page.getByRole('button', { name: `Act as ${teammateEmail}` }).click();
  const banner = page.getByRole('status').filter({ hasText: `Acting as ${teammateEmail}` });
  await expect(banner).toBeVisible();
  // Acting ends by itself an hour after it began; the banner says until when, and that all is recorded.
  await expect(banner).toContainText(
    / until \d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} [AP]M\. Everything you see and change is recorded, and they are told\./,
  );
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Wallets', { exact: true })).toHaveCount(0);
  await page.goto('/payments?tab=draft_payments');
  await expect(banner).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Draft' }).getByRole('checkbox').first().check();
  await expect(page.getByRole('button', { name: 'Execute Payments' })).toBeDisabled();
  await shot(page, 'portal-06-acting-as-team-member');
  // Their name, email, password and sign-in factors stay theirs: the Profile says so, with nothing to press.
  await page.goto('/settings?tab=profile');
  await expect(page.getByText('Acting as someone cannot change their name, email or password: only they can.')).toBeVisible();
  await expect(page.getByText('Acting as someone cannot add or remove their passkeys or authenticator app: only they can')).toHaveCount(2);
  for (const name of ['Change email', 'Change password', 'Set up an authenticator app', 'Add a passkey'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await shot(page, 'portal-06b-acting-profile');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'portal-06b-acting-profile-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByText(/Acting as/)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Wallets', { exact: true })).toBeVisible();
});

test('[portal] a customer invited from the customer page signs in on the Creator side', async ({ page, request }) => {
  // A long journey (invitation, both sign-in sides, settings, a first factor with its emailed code).
  test.slow();
  const owner = await createOwner(request, 'brand-owner', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  const email = uniqueEmail('brand');
  const customer = (await (await request.post('/v1/customers', { headers, data: { name: 'Acme Brand', email } })).json()) as { id: string };

  await openSignedIn(page, owner.token, `/customers/${customer.id}`);
  const card = page.getByRole('region', { name: 'Customer portal' });
  await expect(card.getByText('Not invited yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Invite to portal' }).click();
  await expect(toast(page, 'Invitation sent!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
  await shot(page, 'portal-07-customer-invite');

  await choosePasswordFromInvitation(request, email);
  await page.evaluate(() => window.localStorage.clear());
  // The Team member side refuses a customer login and says which side to use.
  await signInThroughForm(page, email, PASSWORD);
  await expect(toast(page, 'choose Creator above')).toBeVisible();
  await signInOnPortalSide(page, email);
  await expect(page).toHaveURL(/\/creator$/);
  await expect(page.getByTestId('org-label')).toHaveText('Customer dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Contracts', 'Invoices', 'Settings']) await expect(nav.getByText(label, { exact: true })).toBeVisible();
  await expect(nav.getByText('Payments', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Invoices' })).toBeVisible();
  await shot(page, 'portal-08-customer-home');
  await page.goto('/creator/settings');
  await expect(page.getByRole('tab')).toHaveText(['Profile', 'Notifications']);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New password', { exact: true }).fill('Another-passw0rd!');
  await dialog.getByLabel('Confirm new password').fill('Another-passw0rd?');
  await dialog.getByLabel('Confirm new password').blur();
  await expect(dialog.getByText('Passwords must match')).toBeVisible();
  await shot(page, 'portal-08b-customer-settings-password');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Two-factor sign-in is a portal user's own too: the staff card, without the organization's switch.
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await twoFactor.getByTestId('totp-secret').inputValue();
  await twoFactor.getByLabel('Code from the app').fill(await generate({ secret }));
  await twoFactor.getByLabel('Code we emailed you').fill(await readEmailedFactorCode(request, email));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('dialog', { name: 'Your recovery codes' }).getByRole('button', { name: 'Done' }).click();
  await expect(twoFactor).toContainText('On: an authenticator app. 10 of 10 recovery codes left.');
  await expect(twoFactor.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  await shot(page, 'portal-08d-customer-two-factor');

  await page.getByRole('navigation', { name: 'Main' }).getByText('Contracts', { exact: true }).click();
  await expect(page.getByRole('grid', { name: 'My contracts' }).getByText('No contracts yet')).toBeVisible();
  await shot(page, 'portal-08c-customer-contracts');
  // A contract that is not theirs (or does not exist) is refused, not a spinner for ever.
  await page.goto(`/creator/contracts/${crypto.randomUUID()}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'There was an issue retrieving the contract' }).getByRole('button', { name: 'Retry' }),
  ).toBeVisible();
});

test('[portal] an owner acts as one of their creators from the profile; ?override refuses a stranger', async ({ page, request }) => {
  const owner = await createOwner(request, 'acting-creator-owner', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  const creator = await addCreator(request, headers, uniqueEmail('acted-creator'));

  await openSignedIn(page, owner.token, `/creators/${creator.id}`);
  await page.getByRole('button', { name: 'Act as Maya Lopez' }).click();
  await expect(page).toHaveURL(/\/creator$/);
  const banner = page.getByRole('status').filter({ hasText: 'Acting as Maya Lopez' });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('org-label')).toHaveText('Creator dashboard');
  await page.goto('/creator/settings?tab=payment_details');
  await expect(page.getByRole('region', { name: 'Payment details for Northwind Studios' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await shot(page, 'portal-09-acting-as-creator');
  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Acting as/)).toHaveCount(0);

  // Someone who is not of this organisation: refused, and the session stays the owner's.
  await page.goto(`/?override=${crypto.randomUUID()}`);
  await expect(toast(page, 'User not found')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Acting as/)).toHaveCount(0);
});
