import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, inviteMember, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
type Created = { id: string; amount: number; fee: number };

async function post(request: APIRequestContext, token: string, url: string, data: unknown, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test('[home] an activated organisation sees its setup checklist, figures and to-do list', async ({ page, request }) => {
  const owner = await createOwner(request, 'dashboard', 'Fabrikam Media');
  await activateViaApi(request, owner.token);
  await openSignedIn(page, owner.token, '/');

  const checklist = page.getByRole('region', { name: 'Set up your account' });
  await expect(checklist.getByRole('link', { name: 'Add Creators', exact: true })).toHaveAttribute('href', '/creators');
  await expect(checklist.getByRole('link', { name: 'Add funds', exact: true })).toHaveAttribute('href', '/funds');
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('$0.00');
  await expect(page.getByRole('region', { name: 'Total creators' })).toContainText('0');
  await expect(page.getByText('No outstanding tasks')).toBeVisible();
  await shot(page, 'home-dashboard-00-empty');

  // Funds, a creator with a bank, one without, two drafts, and one payment sent to the payee link.
  await post(request, owner.token, '/v1/treasury/load', { amount: 100_000 });
  const payee = await post(request, owner.token, '/v1/creators', { email: uniqueEmail('payee'), first_name: 'Robin', last_name: 'Payee' });
  const banked = await post(request, owner.token, '/v1/creators', {
    email: uniqueEmail('banked'),
    first_name: 'Bo',
    last_name: 'Banked',
    account_number: '000123456789',
    routing_number: '110000000',
  });
  const row = (recipient: string, earnings: number) => ({ recipient, recipient_role: 'creator', earnings, split: 100, memo: 'June' });
  const created = (await post(request, owner.token, '/v1/payments', [row(payee.id, 25_000), row(banked.id, 12_000), row(banked.id, 8_050)]))
    .data as Created[];
  const [awaiting, ...drafts] = created;
  await post(request, owner.token, '/v1/payments/initiate', { ids: [awaiting!.id] }, 'put');

  await page.reload();
  await expect(checklist.getByRole('link', { name: 'Add funds (complete)' })).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Add Creators (complete)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText(dollars(100_000 - awaiting!.amount - awaiting!.fee));
  await expect(page.getByRole('region', { name: 'Draft payments' })).toContainText(
    dollars(drafts.reduce((sum, item) => sum + item.amount, 0)),
  );
  await expect(page.getByRole('region', { name: 'Total creators' })).toContainText('2');
  const todos = page.getByRole('region', { name: 'To-do' });
  await expect(todos.getByText('Robin Payee')).toBeVisible();
  await expect(todos.getByText(`Payment needs payout method · ${dollars(awaiting!.amount)}`)).toBeVisible();
  await shot(page, 'home-dashboard-01-activated');

  await todos.getByRole('button', { name: 'Send reminder', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: /SMS/ })).toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'home-dashboard-02-reminder-menu');
  await page.getByRole('menuitem', { name: 'Email' }).click();
  await expect(toast(page, 'Reminder(s) have been sent!')).toBeVisible();

  await checklist.getByRole('button', { name: 'Dismiss setup checklist' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Balance' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Set up your account' })).toBeHidden();
});

test('[home] the to-do list shows 5 items and the count before See all, which pages each kind; a to-do opens its payment', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'todos', 'Fabrikam Media');
  await activateViaApi(request, owner.token);
  await post(request, owner.token, '/v1/treasury/load', { amount: 100_000 });
  // The free plan allows 5 creators: the first one is paid twice.
  const rows = [];
  for (let index = 1; index <= 5; index += 1) {
    const creator = await post(request, owner.token, '/v1/creators', {
      email: uniqueEmail(`todo${index}`),
      first_name: 'Payee',
      last_name: `Number${index}`,
    });
    rows.push({ recipient: creator.id, recipient_role: 'creator', earnings: 1_000 * index, split: 100, memo: 'June' });
  }
  rows.push({ ...rows[0]!, earnings: 9_000 });
  const created = (await post(request, owner.token, '/v1/payments', rows)).data as Created[];
  await post(request, owner.token, '/v1/payments/initiate', { ids: created.map((item) => item.id) }, 'put');

  await openSignedIn(page, owner.token, '/');
  const todos = page.getByRole('region', { name: 'To-do' });
  await expect(todos.getByRole('button', { name: 'Send reminder', exact: true })).toHaveCount(5);
  await expect(todos.getByRole('heading', { name: 'To-do (6)' })).toBeVisible();
  await todos.getByRole('button', { name: 'See all' }).click();
  await expect(todos.getByRole('tab', { name: 'Payment needs payout method (6)', selected: true })).toBeVisible();
  await expect(todos.getByRole('button', { name: 'Send reminder', exact: true })).toHaveCount(6);
  await expect(todos.getByText('1–6 of 6')).toBeVisible();
  await shot(page, 'home-dashboard-03-see-all');
  await todos.getByRole('button', { name: 'See less' }).click();
  await expect(todos.getByRole('button', { name: 'Send reminder', exact: true })).toHaveCount(5);
  const newest = created.at(-1)!;
  await todos.getByRole('link', { name: 'Payee Number1' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/payments/${newest.id}$`));
});

test('[home] a team member sees the Add funds step without a link to the wallet they cannot open', async ({ page, request }) => {
  const owner = await createOwner(request, 'homeowner');
  await activateViaApi(request, owner.token);
  const collaborator = await inviteMember(request, owner.token, 'teammember');
  await openSignedIn(page, collaborator.token, '/');
  const checklist = page.getByRole('region', { name: 'Set up your account' });
  await expect(checklist.getByRole('link', { name: 'Add Creators', exact: true })).toHaveAttribute('href', '/creators');
  await expect(checklist.getByText('Add funds')).toBeVisible();
  await expect(checklist.getByRole('link', { name: /Add funds/ })).toHaveCount(0);
});
