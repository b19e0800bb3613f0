import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, uniqueEmail } from './support/api.ts';
import { choosePasswordFromInvitation, signInOnPortalSide } from './support/portal-login.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

// The portal of an agent and manager (a user of the organisation, not a creator row): their own
// payout details and tax form. Apart from portal.spec.ts, which moves the sandbox clock: this one
// does not, so it runs beside the other specs.
const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

test('[portal] an agent and manager signs in and saves their own business payout details, shown masked', async ({ page, request }) => {
  test.slow();
  const payer = await createOwner(request, 'agent-payer', 'Northwind Studios');
  const headers = { 'auth-token': payer.token };
  await activateViaApi(request, payer.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const email = uniqueEmail('agent');
  const added = await request.post('/v1/users', {
    headers,
    data: { email, first_name: 'Avery', last_name: 'Agent', is_agent: true, is_manager: true },
  });
  expect(added.status(), await added.text()).toBe(200);
  const agent = (await added.json()) as { id: string };
  const created = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: agent.id, recipient_role: 'agent', earnings: 8_000, split: 100, memo: 'Agency fee' }],
  });
  const [payment] = ((await created.json()) as { data: { id: string }[] }).data;
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids: [payment!.id] } })).status()).toBe(200);

  // An agent has no invitation: they set a password through 'Forgot password'.
  expect((await request.put('/v1/users/password/reset', { data: { email } })).status()).toBe(200);
  await choosePasswordFromInvitation(request, email);
  await signInOnPortalSide(page, email);
  await expect(page).toHaveURL(/\/creator$/);
  await expect(page.getByTestId('portal-orgs')).toHaveText('Working with Northwind Studios');
  const todo = page.getByRole('region', { name: 'To-do' });
  await todo.getByText('Payment needs payout method').click();
  await expect(page).toHaveURL(/\/creator\/settings\?tab=payment_details/);

  const card = page.getByRole('region', { name: 'Payment details for Northwind Studios as agent and manager' });
  await expect(card.getByText('How Northwind Studios pays you as its agent and manager')).toBeVisible();
  await card.getByLabel('Account number').fill('000987654321');
  await card.getByLabel('Routing number').fill('110000000');
  // No legal form on file yet: the Business side is open.
  await expect(card.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByLabel('Legal entity type').click();
  await page.getByRole('option', { name: 'LLC taxed as a partnership' }).click();
  await card.getByLabel('Business name').fill('Avery Partners');
  await card.getByLabel('EIN').fill('12-34');
  await card.getByLabel('EIN').blur();
  await expect(card.getByText('This field is required and must be 9 digits')).toBeVisible();
  await card.getByLabel('EIN').fill('12-3456789');
  await card.getByLabel('Address 1').fill('7 Agency Row');
  await card.getByLabel('City').fill('Austin');
  await card.getByLabel('State').click();
  await page.getByRole('option', { name: 'TX — Texas' }).click();
  await card.getByLabel('Zip').fill('78701');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Payment details updated!')).toBeVisible();
  await expect(card.getByLabel('Account number')).toHaveValue('');
  await expect(card.getByLabel('Account number')).toHaveAttribute('placeholder', '••••••4321');
  await expect(card.getByLabel('EIN')).toHaveValue('');
  await expect(card.getByLabel('Business name')).toHaveValue('Avery Partners');
  await shot(page, 'portal-10-agent-payment-details');

  // Their own record has the Tax form card a creator's has: a W-9 signed in the portal, consent given.
  const taxCard = page.getByLabel('Tax form for Northwind Studios', { exact: true });
  await expect(taxCard.getByText('No tax form on file with Northwind Studios.')).toBeVisible();
  await taxCard.getByRole('button', { name: 'Sign a tax form' }).click();
  await expect(taxCard.getByLabel('Name (as shown on your income tax return)')).toHaveValue('Avery Agent');
  await taxCard.getByRole('textbox', { name: 'Address', exact: true }).fill('7 Agency Row');
  await taxCard.getByLabel('City').fill('Austin');
  await taxCard.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'TX — Texas' }).click();
  await taxCard.getByLabel('ZIP code').fill('78701');
  await taxCard.getByRole('textbox', { name: 'SSN or ITIN' }).fill('123-45-6789');
  await taxCard.getByLabel('Signature (type your full name)').fill('Avery Agent');
  await taxCard.getByRole('checkbox', { name: /Under penalties of perjury, I certify/ }).check();
  await taxCard.scrollIntoViewIfNeeded();
  await shot(page, 'portal-11-agent-w9-filled');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'portal-11-agent-w9-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await taxCard.getByRole('button', { name: 'Sign Form W-9' }).click();
  await expect(taxCard.getByText(/^Form W-9 signed /)).toBeVisible();
  // The switch shows the saved answer: it turns on once the server has it, so a click, not check().
  const consent = taxCard.getByRole('switch', { name: 'I agree to receive my tax forms (1099, W-2) electronically instead of on paper' });
  await consent.click();
  await expect(consent).toBeChecked();
  await shot(page, 'portal-12-agent-w9-signed');

  await page.getByRole('navigation', { name: 'Main' }).getByText('Payments', { exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Agency fee' })).toContainText('Pending');
});
