import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, uniqueEmail } from './support/api.ts';
import { choosePasswordFromInvitation, signInOnPortalSide } from './support/portal-login.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

type OutboxEmail = { to: string; subject: string; text: string; links: string[] };

test('[payees] a paid creator is emailed "You\'ve been paid" with what it pays for, sees who paid in the portal and downloads a statement', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'payee-paid', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 500_000 } })).status()).toBe(200);
  const email = uniqueEmail('paid-creator');
  const creator = await request.post('/v1/creators', {
    headers,
    data: { email, first_name: 'Maya', last_name: 'Lopez', account_number: '000123456789', routing_number: '110000000' },
  });
  expect(creator.status(), await creator.text()).toBe(200);
  const creatorId = ((await creator.json()) as { id: string }).id;
  const customer = await request.post('/v1/customers', { headers, data: { name: 'Acme Brand', email: uniqueEmail('acme') } });
  const campaign = await request.post('/v1/campaigns', {
    headers,
    data: { title: 'Spring launch', customer_id: ((await customer.json()) as { id: string }).id },
  });
  const campaignId = ((await campaign.json()) as { id: string }).id;
  const created = await request.post('/v1/payments', {
    headers,
    data: [
      { recipient: creatorId, recipient_role: 'creator', earnings: 120_000, split: 100, memo: 'June reel', payment_group_id: campaignId },
    ],
  });
  expect(created.status(), await created.text()).toBe(200);
  const paymentId = ((await created.json()) as { data: { id: string }[] }).data[0]!.id;
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids: [paymentId] } })).status()).toBe(200);
  await advanceClock(request, 61);

  // The payee's email: amount, payer, method, expected arrival, and the remittance advice.
  let paid: OutboxEmail | undefined;
  await expect
    .poll(async () => {
      const emails = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as OutboxEmail[];
      paid = emails.find((item) => item.to === email && item.subject.startsWith("You've been paid"));
      return paid?.subject;
    })
    .toMatch(/^You've been paid \$[\d,]+\.\d{2} by Northwind Studios$/);
  for (const part of [
    'From: Northwind Studios',
    'Method: Bank account',
    'Expected arrival: ',
    'Memo: June reel',
    'Campaign: Spring launch',
  ])
    expect(paid!.text).toContain(part);
  expect(paid!.text).not.toContain(paymentId);

  await choosePasswordFromInvitation(request, email);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await signInOnPortalSide(page, email);
    await expect(page).toHaveURL(/\/creator$/);
    await page.goto('/creator/payments');
    // Who paid and for which campaign, by name.
    const list = viewport.width === 390 ? page.getByRole('list', { name: 'Payments' }) : page.getByRole('grid', { name: 'Payments' });
    await expect(list.getByText('Northwind Studios').first()).toBeVisible();
    await expect(list.getByText('Spring launch').first()).toBeVisible();
    await expect(list.getByText('Posted').first()).toBeVisible();
    await expect(list.getByText(paymentId)).toHaveCount(0);

    const statement = page.getByRole('region', { name: 'Statement' });
    await statement.getByLabel('From').fill('2000-01-01');
    const downloading = page.waitForEvent('download');
    await statement.getByRole('button', { name: 'Download statement' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payment-statement-2000-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Date,Payer,Campaign,Memo,Status,Amount,Reference');
    expect(csv).toContain('Northwind Studios,Spring launch,June reel,Posted,');
    await shot(page, `payee-paid-portal-payments-${viewport.width}`);
    await page.evaluate(() => window.localStorage.clear());
  }
});
