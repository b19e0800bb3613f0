import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './api.ts';

/** A creator with a bank account paid `cents` through the API (posted once the sandbox clock moves). */
export async function payCreator(request: APIRequestContext, token: string, cents: number, campaignId?: string) {
  const headers = { 'auth-token': token };
  const created = await request.post('/v1/creators', {
    headers,
    data: {
      email: uniqueEmail('qbpayee'),
      first_name: 'Rae',
      last_name: 'Books',
      account_number: '000123456789',
      routing_number: '110000000',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creator = (await created.json()) as { id: string };
  const drafts = await request.post('/v1/payments', {
    headers,
    data: [
      { recipient: creator.id, recipient_role: 'creator', earnings: cents, split: 100, memo: 'Campaign', payment_group_id: campaignId },
    ],
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const ids = ((await drafts.json()) as { data: { id: string }[] }).data.map((draft) => draft.id);
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids } })).status()).toBe(200);
}

export async function pickAccount(page: Page, label: string, account: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: account, exact: true }).click();
}
