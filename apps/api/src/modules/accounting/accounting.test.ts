import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountingConnectionRecord, JournalEntryRecord } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';
import { connectCode, connectQuickbooks, FULL_MAPPING } from '../../../test/accounting-fixtures.ts';
import { addCampaign, addCustomer } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function journalEntries(headers: Headers, query = ''): Promise<JournalEntryRecord[]> {
  const response = await inject('GET', `/api/qb/journalEntries${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** An owner whose wallet was loaded, with QuickBooks connected. */
async function connectedOwner() {
  const owner = await fundedOwner(ctx.app, 100_000);
  await connectQuickbooks(ctx.app, owner.token);
  return owner;
}

async function payCreator(
  owner: Awaited<ReturnType<typeof connectedOwner>>,
  earnings = 10_000,
  creatorExtra: object = {},
  paymentExtra: object = {},
) {
  const creator = await addCreator(ctx.app, owner.headers, { ...BANK, ...creatorExtra });
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, earnings, paymentExtra)]);
  expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
  await advanceClock(ctx.app, 61);
  return { creator, payment: draft! };
}

/** QuickBooks' side: the sandbox company's entries, with their lines. */
async function quickbooksEntries(orgId: string) {
  const result = await ctx.deps.db.execute<{
    qb_id: number;
    request_id: string;
    lines: { Amount: number; PostingType: string; AccountRef: { value: string } }[];
  }>(
    sql`SELECT e.qb_id, e.request_id, e.lines FROM qb_sandbox_journal_entries e JOIN qb_sandbox_companies c ON c.realm_id = e.realm_id WHERE c.org_id = ${orgId} ORDER BY e.qb_id`,
  );
  return result.rows;
}

describe('connecting QuickBooks', () => {
  it('connects through the consent page, lists the connection without its tokens, and disconnects', async () => {
    const owner = await createOwner(ctx.app);
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toEqual([]);
    const callback = await connectQuickbooks(ctx.app, owner.token);
    expect(callback.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    const list = (await inject('GET', '/api/orgOauth', owner.headers)).json<AccountingConnectionRecord[]>();
    expect(list).toEqual([{ id: expect.any(String), platform: 'quickbooks', created_at: expect.any(String), needs_reconnect: false }]);
    const stored = await ctx.deps.db.execute<{ access_token_sealed: string }>(
      sql`SELECT access_token_sealed FROM accounting_connections WHERE org_id = ${owner.org.id}`,
    );
    expect(stored.rows[0]!.access_token_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(list)).not.toContain('qbat_');

    const accounts = (await inject('GET', '/api/qb/accounts', owner.headers)).json<
      { Id: string; Name: string; Classification: string }[]
    >();
    expect(accounts).toContainEqual({ Id: '36', Name: 'Crewpay Clearing', Classification: 'Asset', AccountType: 'Bank' });
    expect(accounts.map((account) => account.Name)).not.toContain('Payroll Clearing (deleted)');
    expect((await inject('GET', '/api/qb/vendors', owner.headers)).json()).toContainEqual({ Id: '56', DisplayName: 'Crewpay' });
    expect((await inject('GET', '/api/qb/customers', owner.headers)).json()).toContainEqual({ Id: '3', DisplayName: 'Cool Cars' });

    const removed = await inject('DELETE', `/api/orgOauth?id=${list[0]!.id}`, owner.headers);
    expect(removed.json()).toEqual({ message: 'QuickBooks disconnected' });
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toEqual([]);
    expect((await inject('GET', '/api/qb/accounts', owner.headers)).json()).toMatchObject({ message: 'Connect QuickBooks first' });
  });

  it('refuses a consent page without a valid session, a cancelled consent and a forged state', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/qb/connect?code=nope' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('name="state" value="');
    const owner = await createOwner(ctx.app);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/qb/connect?code=${await connectCode(ctx.app, owner.token)}` });
    const state = /name="state" value="([^"]+)"/.exec(page.body)![1]!;
    const cancelled = await ctx.app.inject({
      method: 'GET',
      url: `/api/qb/connect/consent?state=${encodeURIComponent(state)}&decision=deny`,
    });
    const back = await ctx.app.inject({ method: 'GET', url: String(cancelled.headers.location) });
    expect(back.body).toContain('QuickBooks was not connected');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/qb/connect/consent?state=${encodeURIComponent(`${state.split('.')[0]}.AAAA`)}&decision=allow`,
    });
    expect(forged.statusCode).toBe(400);
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toEqual([]);
  });

  it('refreshes an expired access token and keeps working', async () => {
    const owner = await connectedOwner();
    await ctx.deps.db.execute(
      sql`UPDATE qb_sandbox_companies SET access_expires_at = now() - interval '1 minute' WHERE org_id = ${owner.org.id}`,
    );
    await ctx.deps.db.execute(
      sql`UPDATE accounting_connections SET access_expires_at = now() + interval '1 hour' WHERE org_id = ${owner.org.id}`,
    );
    const before = await ctx.deps.db.execute<{ access_token_sealed: string }>(
      sql`SELECT access_token_sealed FROM accounting_connections WHERE org_id = ${owner.org.id}`,
    );
    const accounts = await inject('GET', '/api/qb/accounts', owner.headers);
    expect(accounts.statusCode).toBe(200);
    const after = await ctx.deps.db.execute<{ access_token_sealed: string }>(
      sql`SELECT access_token_sealed FROM accounting_connections WHERE org_id = ${owner.org.id}`,
    );
    expect(after.rows[0]!.access_token_sealed).not.toBe(before.rows[0]!.access_token_sealed);
    // A revoked refresh token: the connection must be made again (409, never a 500).
    await ctx.deps.db.execute(
      sql`UPDATE qb_sandbox_companies SET access_token_hash = NULL, refresh_token_hash = 'revoked' WHERE org_id = ${owner.org.id}`,
    );
    const refused = await inject('GET', '/api/qb/accounts', owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The QuickBooks connection has expired: connect again');
    // The app says so, and stops calling QuickBooks until the organisation connects again.
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toMatchObject([{ needs_reconnect: true }]);
    await connectQuickbooks(ctx.app, owner.token);
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toMatchObject([{ needs_reconnect: false }]);
    expect((await inject('GET', '/api/qb/accounts', owner.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/qb/acctMap', () => {
  it('saves and reads the mapping; unique income per creator clears the creator income account', async () => {
    const owner = await connectedOwner();
    expect((await inject('GET', '/api/qb/acctMap', owner.headers)).json()).toMatchObject({ income: null, unique_income_creator: false });
    const saved = await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ clearing: { Id: '36', Name: 'Crewpay Clearing' }, income: { Id: '91', Name: 'Creator Income' } });
    const unique = await inject('POST', '/api/qb/acctMap', owner.headers, { ...FULL_MAPPING, unique_income_creator: true });
    expect(unique.json()).toMatchObject({ income: null, unique_income_creator: true, labor: { Id: '92' } });
    expect((await inject('GET', '/api/qb/acctMap', owner.headers)).json()).toEqual(unique.json());
  });

  it('answers each validation message', async () => {
    const owner = await connectedOwner();
    const notJson = await inject('POST', '/api/qb/acctMap', owner.headers, { clearing: 'Crewpay Clearing' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('Choose an account from the list');
    const unknown = await inject('POST', '/api/qb/acctMap', owner.headers, { clearing: JSON.stringify({ Id: '999', Name: 'Nope' }) });
    expect(unknown.json()).toMatchObject({ message: 'Choose an account from the list', field: 'clearing' });
    const inactive = await inject('POST', '/api/qb/acctMap', owner.headers, {
      labor: JSON.stringify({ Id: '90', Name: 'Payroll Clearing (deleted)' }),
    });
    expect(inactive.json()).toMatchObject({ message: 'Payroll Clearing (deleted) is inactive in QuickBooks', field: 'labor' });
    const flag = await inject('POST', '/api/qb/acctMap', owner.headers, { unique_income_creator: 'yes' });
    expect(flag.json().message).toBe('unique_income_creator must be true or false');
    const nul = await inject('POST', '/api/qb/acctMap', owner.headers, { sales: '{"Id":"\u0000","Name":"x"}' });
    expect(nul.statusCode).toBe(400);
    const disconnected = await createOwner(ctx.app);
    const first = await inject('POST', '/api/qb/acctMap', disconnected.headers, FULL_MAPPING);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe('Connect QuickBooks first');
  });

  it('lets only owners and admins change the books; collaborators read', async () => {
    const owner = await connectedOwner();
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('POST', '/api/qb/acctMap', collaborator.headers, FULL_MAPPING)).statusCode).toBe(403);
    const connections = (await inject('GET', '/api/orgOauth', owner.headers)).json<AccountingConnectionRecord[]>();
    expect((await inject('DELETE', `/api/orgOauth?id=${connections[0]!.id}`, collaborator.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/qb/acctMap', collaborator.headers)).statusCode).toBe(200);
    const popup = await ctx.app.inject({ method: 'POST', url: '/api/qb/connect_code', headers: collaborator.headers });
    expect(popup.statusCode).toBe(403);
    for (const url of ['/api/orgOauth', '/api/qb/acctMap', '/api/qb/journalEntries', '/api/qb/accounts'])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('journal entries', () => {
  it('books a payout as one balanced entry, synced once, matching the ledger', async () => {
    const owner = await connectedOwner();
    expect((await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING)).statusCode).toBe(200);
    const { payment } = await payCreator(owner, 10_000);
    const entries = await journalEntries(owner.headers);
    const payout = entries.find((entry) => entry.transfer_type === 'payment_succeeded')!;
    expect(payout).toMatchObject({
      Status: 'succeeded',
      ref_id: expect.any(String),
      error_text: null,
      amount: payment.amount + payment.fee,
    });
    expect(payout.Details).toMatch(/^Payment posted: \$/);
    // The sandbox load is the organisation's own money moving in: not an entry.
    expect(entries.map((entry) => entry.transfer_type)).not.toContain('sandbox_load');
    const books = await quickbooksEntries(owner.org.id);
    const booked = books.find((entry) => entry.request_id === payout.id)!;
    expect(String(booked.qb_id)).toBe(payout.ref_id);
    const total = (posting: string) =>
      booked.lines.filter((line) => line.PostingType === posting).reduce((sum, line) => sum + Math.round(line.Amount * 100), 0);
    expect(total('Debit')).toBe(total('Credit'));
    expect(booked.lines).toContainEqual(
      expect.objectContaining({ PostingType: 'Debit', Amount: payment.amount / 100, AccountRef: { value: '91' } }),
    );
    expect(booked.lines).toContainEqual(
      expect.objectContaining({ PostingType: 'Credit', Amount: (payment.amount + payment.fee) / 100, AccountRef: { value: '36' } }),
    );
    // Listing again creates nothing new.
    expect((await journalEntries(owner.headers)).length).toBe(entries.length);
    expect((await quickbooksEntries(owner.org.id)).length).toBe(books.length);
  });

  it('books an invoice paid by card: clearing gets amount less fee, Crewpay fees the fee, sales the amount', async () => {
    const owner = await connectedOwner();
    await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING);
    const customer = await addCustomer(ctx.app, owner.headers);
    const campaign = await addCampaign(ctx.app, owner.headers, { customer_id: customer.id });
    await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id, amount: 10_000, payment_group_id: campaign.id });
    const paid = await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242 4242 4242 4242'));
    expect(paid.statusCode, paid.body).toBe(200);
    const [entry] = await journalEntries(owner.headers, `?campaign_id=${campaign.id}`);
    expect(entry).toMatchObject({
      transfer_type: 'invoice_card_settled',
      Status: 'succeeded',
      amount: 10_000,
      Details: 'Invoice paid by card: $100.00',
    });
    const booked = (await quickbooksEntries(owner.org.id)).find((row) => row.request_id === entry!.id)!;
    expect(booked.lines.map((line) => [line.PostingType, line.AccountRef.value, line.Amount]).sort()).toEqual(
      [
        ['Credit', '79', 100],
        ['Debit', '33', 3.2],
        ['Debit', '36', 96.8],
      ].sort(),
    );
  });

  it('books nothing before the mapping is saved, fails an unmapped line with a clear reason, and a retry after fixing it succeeds', async () => {
    const owner = await connectedOwner();
    await payCreator(owner, 5_000);
    // Map first: no wall of entries failing for want of accounts.
    expect(await journalEntries(owner.headers)).toEqual([]);
    await inject('POST', '/api/qb/acctMap', owner.headers, { clearing: FULL_MAPPING.clearing });
    const [failed] = (await journalEntries(owner.headers)).filter((entry) => entry.transfer_type === 'payment_succeeded');
    expect(failed).toMatchObject({
      Status: 'failed',
      ref_id: null,
      error_text: 'The income account is not mapped',
      date_failed: expect.any(String),
    });
    expect((await inject('POST', `/api/qb/journalEntries/${failed!.id}/retry`, owner.headers)).statusCode).toBe(200);
    expect((await journalEntries(owner.headers)).find((entry) => entry.id === failed!.id)!.error_text).toBe(
      'The income account is not mapped',
    );
    await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING);
    const retried = await inject('POST', `/api/qb/journalEntries/${failed!.id}/retry`, owner.headers);
    expect(retried.json()).toMatchObject({ Status: 'succeeded', ref_id: expect.any(String) });
    const again = await inject('POST', `/api/qb/journalEntries/${failed!.id}/retry`, owner.headers);
    expect(again.json()).toMatchObject({ message: 'Only a failed journal entry can be retried' });
  });

  it('rejects an inactive account at QuickBooks with its reason', async () => {
    const owner = await connectedOwner();
    await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING);
    // The account was made inactive in QuickBooks after it was mapped.
    await ctx.deps.db.execute(
      sql`UPDATE qb_sandbox_companies SET accounts = jsonb_set(accounts, '{1,Active}', 'false') WHERE org_id = ${owner.org.id}`,
    );
    await payCreator(owner, 2_000);
    const [entry] = (await journalEntries(owner.headers)).filter((row) => row.transfer_type === 'payment_succeeded');
    expect(entry).toMatchObject({ Status: 'failed', error_text: 'Object Not Found: the account Crewpay Clearing is inactive' });
  });

  it('books each creator to their own income account with unique income per creator', async () => {
    const owner = await connectedOwner();
    await inject('POST', '/api/qb/acctMap', owner.headers, { ...FULL_MAPPING, unique_income_creator: true });
    await ctx.deps.db.execute(
      sql`UPDATE qb_sandbox_companies SET accounts = accounts || '[{"Id":"120","Name":"Dana Reyes","Classification":"Revenue","AccountType":"Income","Active":true}]'::jsonb WHERE org_id = ${owner.org.id}`,
    );
    await payCreator(owner, 3_000, { first_name: 'Dana', last_name: 'Reyes' });
    await payCreator(owner, 3_000, { first_name: 'Noah', last_name: 'Unlisted' });
    const payouts = (await journalEntries(owner.headers)).filter((row) => row.transfer_type === 'payment_succeeded');
    expect(payouts.map((row) => row.Status).sort()).toEqual(['failed', 'succeeded']);
    expect(payouts.find((row) => row.Status === 'failed')!.error_text).toBe(
      'No QuickBooks income account is named after this creator (unique income per creator)',
    );
    const books = await quickbooksEntries(owner.org.id);
    expect(books.flatMap((entry) => entry.lines.map((line) => line.AccountRef.value))).toContain('120');
  });

  it('never books a ledger transfer twice when two syncs run at once', async () => {
    const owner = await connectedOwner();
    await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING);
    await ctx.deps.db.execute(sql`DELETE FROM accounting_connections WHERE org_id = ${owner.org.id}`);
    await payCreator(owner, 1_000);
    await payCreator(owner, 2_000);
    await connectQuickbooks(ctx.app, owner.token).catch(() => undefined);
    await ctx.deps.db.execute(sql`DELETE FROM accounting_journal_entries WHERE org_id = ${owner.org.id}`);
    const { buildJournalEntries } = await import('./index.ts');
    await Promise.all([
      buildJournalEntries(ctx.deps, owner.org.id),
      buildJournalEntries(ctx.deps, owner.org.id),
      journalEntries(owner.headers),
    ]);
    const entries = await journalEntries(owner.headers);
    const transfers = await ctx.deps.db.execute<{ n: number }>(
      sql`SELECT count(DISTINCT ledger_transfer_id)::int AS n FROM accounting_journal_entries WHERE org_id = ${owner.org.id}`,
    );
    expect(entries.length).toBe(transfers.rows[0]!.n);
    expect(entries.filter((entry) => entry.transfer_type === 'payment_succeeded')).toHaveLength(2);
    const books = await quickbooksEntries(owner.org.id);
    expect(new Set(books.map((entry) => entry.request_id)).size).toBe(books.length);
    expect(entries.every((entry) => entry.Status === 'succeeded')).toBe(true);
  });

  it("answers 404 for another organisation's ids and filters by campaign", async () => {
    const owner = await connectedOwner();
    await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING);
    await payCreator(owner, 1_000);
    const campaign = await addCampaign(ctx.app, owner.headers);
    await payCreator(owner, 4_000, {}, { payment_group_id: campaign.id });
    const ofCampaign = await journalEntries(owner.headers, `?campaign_id=${campaign.id}`);
    expect(ofCampaign.map((entry) => [entry.transfer_type, entry.Details])).toEqual([
      ['payment_succeeded', expect.stringMatching(/^Payment posted: \$40/)],
    ]);
    const [entry] = await journalEntries(owner.headers);
    const other = await createOwner(ctx.app);
    expect((await inject('POST', `/api/qb/journalEntries/${entry!.id}/retry`, other.headers)).statusCode).toBe(404);
    expect(await journalEntries(other.headers)).toEqual([]);
    const connections = (await inject('GET', '/api/orgOauth', owner.headers)).json<AccountingConnectionRecord[]>();
    expect((await inject('DELETE', `/api/orgOauth?id=${connections[0]!.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/orgOauth', owner.headers)).json()).toHaveLength(1);
    expect((await inject('DELETE', '/api/orgOauth?id=not-a-uuid', owner.headers)).json().message).toBe('Not found');
    expect((await inject('POST', '/api/qb/journalEntries/not-a-uuid/retry', owner.headers)).json().message).toBe('Not found');
    expect(await journalEntries(owner.headers, `?campaign_id=${crypto.randomUUID()}`)).toEqual([]);
    expect((await inject('GET', '/api/qb/journalEntries?limit=1e400', owner.headers)).statusCode).toBe(400);
  });
});
