import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

/** A funded organisation, a business creator without payout details, one payment awaiting input. */
async function businessAwaitingDetails(request: APIRequestContext) {
  const owner = await createOwner(request, 'payer', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const email = uniqueEmail('biz');
  const creator = (await (
    await request.post('/v1/creators', { headers, data: { email, entity_type: 'business', business_name: 'Blue Fern LLC' } })
  ).json()) as { id: string };
  const created = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings: 12_000, split: 100, memo: 'July' }],
  });
  expect(created.status(), await created.text()).toBe(200);
  const [payment] = ((await created.json()) as { data: { id: string }[] }).data;
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids: [payment!.id] } })).status()).toBe(200);
  return { headers, email, paymentId: payment!.id };
}

async function latestPayeeLink(request: APIRequestContext, to: string): Promise<string> {
  const emails = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as {
    to: string;
    links: string[];
  }[];
  const link =
    emails
      .filter((item) => item.to === to)
      .flatMap((item) => item.links)
      .filter((url) => url.includes('/bankDetails?id='))
      .at(-1) ?? '';
  expect(link).toContain('/bankDetails?id=');
  return new URL(link).pathname + new URL(link).search;
}

test('[payee] a business payee opens on Business, picks a legal entity type and a state, and gets readable messages', async ({
  browser,
  request,
}) => {
  const { email } = await businessAwaitingDetails(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
  const payee = await context.newPage();
  await payee.goto(await latestPayeeLink(request, email));
  await expect(payee.getByRole('heading', { name: 'Northwind Studios is sending you $120.00' })).toBeVisible();

  // The payout details come first; the tax form is offered under them, not required (the organisation's setting is off).
  const optional = payee.getByRole('region', { name: 'Tax form (optional)' });
  await expect(optional).toContainText('your payment does not wait for it');
  await optional.getByRole('button', { name: 'Sign my tax form now' }).click();
  // A W-9 for the LLC, refused with an EIN the IRS never issues.
  await expect(optional.getByRole('button', { name: 'US person (W-9)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(payee.getByText('Under penalties of perjury, I certify that:')).toBeVisible();
  await optional.getByLabel('Federal tax classification').click();
  await payee.getByRole('option', { name: 'LLC', exact: true }).click();
  await optional.getByLabel('LLC tax classification').click();
  await payee.getByRole('option', { name: 'Partnership' }).click();
  await optional.getByLabel('Address').fill('1 Main St');
  await optional.getByLabel('City').fill('Austin');
  await optional.getByRole('combobox', { name: 'State' }).click();
  await payee.getByRole('option', { name: 'TX — Texas' }).click();
  await optional.getByLabel('ZIP code').fill('78701');
  await optional.getByLabel('Taxpayer identification number').click();
  await payee.getByRole('option', { name: 'EIN' }).click();
  const ein = optional.getByRole('textbox', { name: 'EIN' });
  await ein.fill('07-1234567');
  await ein.blur();
  await expect(payee.getByText('This EIN cannot be valid: the IRS never issues an EIN starting with these 2 digits')).toBeVisible();
  await ein.fill('12-3456789');
  await optional.getByLabel('Signature (type your full name)').fill('Fern Blue');
  await optional.getByRole('checkbox', { name: /Under penalties of perjury, I certify/ }).check();
  await shot(payee, 'payee-00-w9-filled');
  await payee.setViewportSize({ width: 390, height: 1100 });
  await shot(payee, 'payee-00-w9-phone');
  await payee.setViewportSize({ width: 1280, height: 1100 });
  await optional.getByRole('button', { name: 'Sign Form W-9' }).click();
  await expect(payee.getByText('Form W-9 signed by Fern Blue')).toBeVisible();

  await expect(payee.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
  await shot(payee, 'payee-01-opened-business');

  await payee.getByLabel('Account number').fill('12a');
  await payee.getByLabel('Account number').blur();
  await expect(payee.getByText('Account number must be digits only')).toBeVisible();
  await payee.getByLabel('Routing number').fill('123456789');
  await payee.getByLabel('Routing number').blur();
  await expect(payee.getByText('This is not a valid routing number: check its 9 digits')).toBeVisible();

  await payee.getByLabel('Legal entity type').click();
  await expect(payee.getByRole('option')).toHaveText([
    'C corporation',
    'S corporation',
    'Partnership',
    'Trust',
    'LLC taxed as a C corporation',
    'LLC taxed as an S corporation',
    'LLC taxed as a partnership',
  ]);
  await payee.getByRole('option', { name: 'LLC taxed as a partnership' }).click();
  await payee.getByLabel('Account number').fill('000123456789');
  await payee.getByLabel('Routing number').fill('110000000');
  await payee.getByLabel('Business name').fill('Blue Fern LLC');
  await payee.getByLabel('EIN').fill('123456789');
  await payee.getByLabel('Address 1').fill('1 Main St');
  await payee.getByLabel('City').fill('Austin');
  await payee.getByLabel('State').click();
  await payee.getByRole('option', { name: 'TX — Texas' }).click();
  await payee.getByLabel('Zip').fill('78701');
  await shot(payee, 'payee-02-business-filled');
  // Document 001's two columns: the payer and the amount on the left, the form on the right.
  const payer = await payee.getByRole('heading', { level: 1 }).boundingBox();
  const form = await payee.getByLabel('Account number').boundingBox();
  expect(payer!.x + payer!.width).toBeLessThanOrEqual(form!.x);
  await payee.getByRole('button', { name: 'Submit' }).click();
  await expect(payee.getByText('Thanks!')).toBeVisible();
  await expect(payee.getByRole('heading', { name: 'Your payment is on the way' })).toBeVisible();
  await context.close();
});

test('[payee] a reminder replaces the earlier link: the old one says it is no longer valid', async ({ browser, request }) => {
  const { headers, email, paymentId } = await businessAwaitingDetails(request);
  const first = await latestPayeeLink(request, email);
  expect((await request.post('/v1/payments/reminders', { headers, data: [paymentId] })).status()).toBe(200);
  const second = await latestPayeeLink(request, email);
  expect(second).not.toBe(first);

  const context = await browser.newContext();
  const payee = await context.newPage();
  await payee.goto(first);
  await expect(payee.getByText('Sorry! This link is no longer valid.')).toBeVisible();
  await expect(payee.getByText('sending you')).toHaveCount(0);
  await shot(payee, 'payee-03-stale-link');
  await payee.goto(second);
  await expect(payee.getByRole('heading', { name: 'Northwind Studios is sending you $120.00' })).toBeVisible();
  await context.close();
});
