import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './api.ts';

/** The sandbox's bank account that pays: a payee with it is paid at once when executed. */
const PAYING_BANK = { account_number: '000123456789', routing_number: '110000000' } as const;

/** A creator with a bank account, added by the owner of `token` through the API; answers its id. */
export async function addBankedCreator(
  request: APIRequestContext,
  token: string,
  person: { first_name: string; last_name: string; emailPrefix: string } = {
    first_name: 'Sam',
    last_name: 'Banked',
    emailPrefix: 'banked',
  },
): Promise<{ id: string }> {
  const added = await request.post('/v1/creators', {
    headers: { 'auth-token': token },
    data: { email: uniqueEmail(person.emailPrefix), first_name: person.first_name, last_name: person.last_name, ...PAYING_BANK },
  });
  expect(added.status(), await added.text()).toBe(200);
  return (await added.json()) as { id: string };
}

/** Draft payments of `earnings` each to one creator (100% split), saved through the API; answers their ids. */
export async function saveDrafts(
  request: APIRequestContext,
  token: string,
  creatorId: string,
  earnings: number[],
  extra: { memo?: string; payment_group_id?: string } = {},
): Promise<string[]> {
  const saved = await request.post('/v1/payments', {
    headers: { 'auth-token': token },
    data: earnings.map((cents) => ({ recipient: creatorId, recipient_role: 'creator', earnings: cents, split: 100, memo: '', ...extra })),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { data: { id: string }[] }).data.map((draft) => draft.id);
}
