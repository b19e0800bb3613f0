import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './api.ts';
import { activateViaApi, advanceClock } from './wallet.ts';

/**
 * Organisation-wide notifications as the product makes them: the owner activates, adds funds,
 * pays one banked creator each amount, and the sandbox clock moves past the ACH delay, so each
 * payment posts and the bell says "A payment of $X to Noa Posted was posted". Answers those texts, newest last.
 */
export async function notifyPaymentsPosted(request: APIRequestContext, token: string, amounts: number[]): Promise<string[]> {
  const headers = { 'auth-token': token };
  await activateViaApi(request, token);
  const total = amounts.reduce((sum, cents) => sum + cents, 0);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: total } })).status()).toBe(200);
  const added = await request.post('/v1/creators', {
    headers,
    data: {
      email: uniqueEmail('notified'),
      first_name: 'Noa',
      last_name: 'Posted',
      account_number: '000123456789',
      routing_number: '110000000',
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const creator = (await added.json()) as { id: string };
  const drafts = await request.post('/v1/payments', {
    headers,
    data: amounts.map((earnings) => ({ recipient: creator.id, recipient_role: 'creator', earnings, split: 100, memo: '' })),
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const ids = ((await drafts.json()) as { data: { id: string }[] }).data.map((draft) => draft.id);
  const executed = await request.put('/v1/payments/initiate', { headers, data: { ids } });
  expect(executed.status(), await executed.text()).toBe(200);
  await advanceClock(request, 61);
  const texts = amounts.map((cents) => `A payment of ${dollars(cents)} to Noa Posted was posted`);
  await expect
    .poll(async () => {
      const listed = (await (await request.get('/v1/notifications', { headers })).json()) as { text: string }[];
      return texts.every((text) => listed.some((item) => item.text === text));
    })
    .toBe(true);
  return texts;
}

const dollars = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
