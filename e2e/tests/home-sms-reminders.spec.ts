import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

async function post(request: APIRequestContext, token: string, url: string, data: unknown, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test("[home] a payment to-do's SMS reminder texts the payee with a phone a new payee link; without a phone SMS stays disabled", async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'home-sms', 'Harbor Media');
  await activateViaApi(request, owner.token);
  await post(request, owner.token, '/v1/treasury/load', { amount: 100_000 });
  const texted = await post(request, owner.token, '/v1/creators', {
    email: uniqueEmail('texted'),
    first_name: 'Tia',
    last_name: 'Texted',
    phone_number: '4155550188',
  });
  const silent = await post(request, owner.token, '/v1/creators', { email: uniqueEmail('silent'), first_name: 'Sol', last_name: 'Silent' });
  const row = (recipient: string) => ({ recipient, recipient_role: 'creator', earnings: 15_000, split: 100, memo: 'June' });
  const created = (await post(request, owner.token, '/v1/payments', [row(texted.id), row(silent.id)])).data as { id: string }[];
  await post(request, owner.token, '/v1/payments/initiate', { ids: created.map((payment) => payment.id) }, 'put');

  await openSignedIn(page, owner.token, '/');
  const todos = page.getByRole('region', { name: 'To-do' });
  await expect(todos.getByText('Tia Texted')).toBeVisible();
  await todos
    .getByRole('group', { name: 'Send reminder to Sol Silent' })
    .getByRole('button', { name: 'Send reminder', exact: true })
    .click();
  await expect(page.getByRole('menuitem', { name: 'SMS (no phone number)' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  await todos
    .getByRole('group', { name: 'Send reminder to Tia Texted' })
    .getByRole('button', { name: 'Send reminder', exact: true })
    .click();
  const sms = page.getByRole('menuitem', { name: 'SMS', exact: true });
  await expect(sms).not.toHaveAttribute('aria-disabled', 'true');
  await screenshot(page, { path: shotPath('home-sms-payment-reminder-menu'), animations: 'disabled' });
  await sms.click();
  await expect(toast(page, 'Reminder(s) have been sent!')).toBeVisible();

  // The outbox's job sends it just after the request answers; the page shows it then.
  const text = page.locator('article').filter({ hasText: 'to +14155550188' });
  await expect
    .poll(
      async () => {
        await page.goto('/dev/sms');
        return text.locator('header').textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/· sent$/);
  await expect(text).toContainText('Harbor Media is sending you $150.00. Tell us where to send it:');
  const link = /(https?:\/\/\S+\/bankDetails\?id=\S+)/.exec((await text.textContent()) ?? '')?.[1];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Harbor Media is sending you $150.00' })).toBeVisible();
  await screenshot(page, { path: shotPath('home-sms-payment-reminder-link'), fullPage: true });
});
