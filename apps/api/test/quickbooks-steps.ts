import { expect } from 'vitest';
import type { JournalEntryRecord } from '@crewpay/core';
import { startQuickbooksFake, type QuickbooksFake } from '../fakes/quickbooks-fake.ts';
import { listOutbox } from '../src/modules/email/outbox.ts';
import { addCustomer } from './campaign-fixtures.ts';
import { createOwner } from './fixtures.ts';
import { sendInvoice } from './invoice-fixtures.ts';
import { activate } from './wallet-fixtures.ts';
import { connectQuickbooksOnline } from './accounting-fixtures.ts';
import { liveWorld, postingsOf, type World } from './worlds.ts';

type Owner = Awaited<ReturnType<typeof createOwner>>;
export type QuickbooksWorld = Awaited<ReturnType<typeof liveWorld>> & { quickbooks: QuickbooksFake };

/** The real adapters on their fakes (SANDBOX=false), QuickBooks Online on its own, registered with this redirect URI. */
export async function quickbooksWorld(): Promise<QuickbooksWorld> {
  const quickbooks = await startQuickbooksFake();
  const world = await liveWorld({ ...quickbooks.settings, QUICKBOOKS_REDIRECT_URI: 'http://crewpay.test/api/qb/callback' });
  return { ...world, quickbooks };
}

export async function journalEntries(world: World, owner: Owner, query = ''): Promise<JournalEntryRecord[]> {
  const response = await world.ctx.app.inject({ method: 'GET', url: `/api/qb/journalEntries${query}`, headers: owner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Saves the mapping the API suggests from the company's chart, as the Account mapping card does. */
export async function mapAsSuggested(world: World, owner: Owner) {
  const suggested = await world.ctx.app.inject({ method: 'GET', url: '/api/qb/acctMap/suggested', headers: owner.headers });
  expect(suggested.statusCode, suggested.body).toBe(200);
  const body = Object.fromEntries(
    Object.entries(suggested.json<Record<string, unknown>>()).map(([key, value]) => [
      key,
      key === 'unique_income_creator' ? value : JSON.stringify(value),
    ]),
  );
  const saved = await world.ctx.app.inject({ method: 'POST', url: '/api/qb/acctMap', headers: owner.headers, payload: body });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Connects QuickBooks Online through Intuit's consent, then saves the suggested mapping. */
async function connectAndMap(world: World, owner: Owner) {
  const { callback, realmId } = await connectQuickbooksOnline(world.ctx.app, owner.token);
  expect(callback.body).toContain('QuickBooks is connected');
  await mapAsSuggested(world, owner);
  return realmId!;
}

/** An activated organisation (invoices can be paid to it) with QuickBooks connected and mapped. */
export async function connectedOrg(world: QuickbooksWorld) {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  const realmId = await connectAndMap(world, owner);
  return { owner, realmId, company: () => world.quickbooks.company(realmId)! };
}

/** A customer pays an invoice of `amount` cents by card, and its outcome arrives. */
export async function paidInvoice(world: World, owner: Owner, amount: number) {
  const { app, deps } = world.ctx;
  const customer = await addCustomer(app, owner.headers);
  const invoice = await sendInvoice(app, owner.headers, { customer_id: customer.id, amount });
  const email = (await listOutbox(deps.db, { limit: 1000 })).filter((item) => item.to === customer.email).at(-1);
  const url = email?.links.find((link) => link.includes('/invoices/pay?id='));
  const paid = await world.payByCard(decodeURIComponent(url!.split('/invoices/pay?id=')[1]!), 'succeed');
  expect(paid.statusCode, paid.body).toBe(200);
  await world.settle();
  return invoice;
}

/** The suggested mapping of the sample company: which account each ledger account kind lands in. */
// The wallet's places at the provider (payments balance, payouts in transit, frozen) are all the clearing account, as accounting/drafts.ts books them.
const ACCOUNT_OF_KIND = {
  wallet_available: '36',
  wallet_held: '36',
  payments_balance: '36',
  payouts_in_transit: '36',
  wallet_frozen: '36',
  fees: '33',
  receivable: '84',
} as Record<string, string>;

/**
 * The journal lines the ledger says an object's transfers of `type` must become in QuickBooks:
 * [posting, account id, dollars], sorted. Outside money is creator income on payouts, sales on invoices.
 */
export async function ledgerLines(world: World, orgId: string, metadata: Record<string, string>, type: string) {
  const [transfer] = (await postingsOf(world, orgId, metadata)).filter((posting) => posting.type === type);
  expect(transfer, `no ${type} posting`).toBeDefined();
  const sums = new Map<string, number>();
  for (const [kind, amount] of Object.entries(transfer!.entries)) {
    const account = ACCOUNT_OF_KIND[kind] ?? (type.startsWith('payment_') ? '91' : '79');
    sums.set(account, (sums.get(account) ?? 0) + amount);
  }
  return [...sums]
    .filter(([, cents]) => cents !== 0)
    .map(([account, cents]) => [cents > 0 ? 'Debit' : 'Credit', account, Math.abs(cents) / 100])
    .sort();
}

type FakeLine = { Amount: number; JournalEntryLineDetail: { PostingType: string; AccountRef: { value: string } } };

/** An entry of the fake company as [posting, account id, dollars], sorted, to compare with ledgerLines. */
export const linesOf = (entry: Record<string, unknown>) =>
  (entry.Line as FakeLine[])
    .map((line) => [line.JournalEntryLineDetail.PostingType, line.JournalEntryLineDetail.AccountRef.value, line.Amount])
    .sort();
