import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { walkBothWays } from '../../../test/keyset-fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { BANK, createDrafts, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { activate, advanceClock, createCollaborator, linkVerifiedBank, stripeWalletId } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
type Movement = {
  id: string;
  type: string;
  status: string;
  available: number;
  incoming: number;
  held: number;
  arriving: number;
  frozen: number;
  owed: number;
  amount: number;
};
type Breakdown = { available: number; incoming: number; held: number; total: number };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  injector(ctx.app)(method, url, headers, payload);

async function addFunds(headers: Headers, paymentMethod: string, amount: number) {
  const debit = await call('POST', '/v1/treasury/ach_debit', headers, { payment_method: paymentMethod, amount });
  expect(debit.statusCode, debit.body).toBe(200);
}

async function executePayments(headers: Headers, creatorId: string, amounts: number[]) {
  const drafts = await createDrafts(
    ctx.app,
    headers,
    amounts.map((amount) => paymentRow(creatorId, amount)),
  );
  const executed = await call('PUT', '/v1/payments/initiate', headers, { ids: drafts.map((draft) => draft.id) });
  expect(executed.statusCode, executed.body).toBe(200);
}

async function payInvoice(headers: Headers, amount: number) {
  const customer = await addCustomer(ctx.app, headers);
  await sendInvoice(ctx.app, headers, { customer_id: customer.id, amount });
  const paid = await payByCard(ctx.app, await payLinkId(ctx.app, customer.email), await cardToken(ctx.app, '4242424242424242'));
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Every movement, read page by page along the cursors. */
async function allMovements(headers: Headers, walletId: string, limit = 4): Promise<Movement[]> {
  const rows: Movement[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&starting_after=${cursor}` : '';
    const response = await call('GET', `/v1/wallets/${walletId}/movements?limit=${limit}${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: Movement[]; next_cursor: string | null }>();
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

/** The ledger's own word: each wallet account's entries summed. */
async function ledgerSums(orgId: string) {
  const result = await ctx.deps.db.execute<{ kind: string; total: string }>(sql`
    SELECT a.kind, coalesce(sum(e.amount), 0)::text AS total FROM ledger_accounts a
    LEFT JOIN ledger_entries e ON e.account_id = a.id
    WHERE a.org_id = ${orgId} AND a.kind IN ('wallet_available', 'wallet_held') GROUP BY a.kind`);
  const of = (kind: string) => Number(result.rows.find((row) => row.kind === kind)?.total ?? 0);
  return { available: of('wallet_available'), held: of('wallet_held') };
}

/**
 * A wallet after a mixed day: $1,000 added and settled, two payouts executed and posted, an
 * invoice paid by card, a payment executed and still held, and $500 arriving by ACH.
 */
async function mixedWallet() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
  await addFunds(owner.headers, paymentMethod, 100_000);
  await advanceClock(ctx.app, 61);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  await executePayments(owner.headers, creator.id, [12_345, 6_789]);
  await advanceClock(ctx.app, 61);
  await payInvoice(owner.headers, 25_000);
  await executePayments(owner.headers, creator.id, [4_321]);
  await addFunds(owner.headers, paymentMethod, 50_000);
  return { owner, walletId: await stripeWalletId(ctx.app, owner.headers) };
}

describe('GET /v1/wallets/:id/movements and the wallet breakdown', () => {
  it('lists every movement, and the rows add up to available, incoming and held to the cent, each equal to the ledger', async () => {
    const { owner, walletId } = await mixedWallet();
    const wallet = (await call('GET', `/v1/wallets/${walletId}`, owner.headers)).json<{ breakdown: Breakdown }>();
    const movements = await allMovements(owner.headers, walletId);
    const sum = (part: 'available' | 'incoming' | 'held' | 'arriving' | 'frozen' | 'owed' | 'amount') =>
      movements.reduce((total, row) => total + row[part], 0);

    const ledger = await ledgerSums(owner.org.id);
    // The sandbox pays invoice money out as the charge settles: nothing is left arriving, frozen or owed.
    const elsewhere = { arriving: 0, arriving_expected_at: null, frozen: 0, owed: 0, fees_owed: 0 };
    expect(wallet.breakdown).toEqual({ ...ledger, ...elsewhere, incoming: 50_000, total: ledger.available + ledger.held + 50_000 });
    expect(ledger.held).toBeGreaterThan(0);
    expect({
      available: sum('available'),
      incoming: sum('incoming'),
      held: sum('held'),
      ...elsewhere,
      arriving: sum('arriving'),
      frozen: sum('frozen'),
      owed: sum('owed'),
      total: sum('amount'),
    }).toEqual(wallet.breakdown);
    expect(movements.every((row) => row.amount === row.available + row.incoming + row.held + row.arriving + row.frozen - row.owed)).toBe(
      true,
    );

    const types = new Set(movements.map((row) => row.type));
    for (const type of ['ach_debit_settled', 'ach_debit_pending', 'hold', 'payment_succeeded', 'invoice_card_settled']) {
      expect(types, type).toContain(type);
    }
    expect(movements.find((row) => row.type === 'ach_debit_pending')).toMatchObject({
      status: 'pending',
      incoming: 50_000,
      amount: 50_000,
    });
    // The ids are unique: no movement is listed twice across pages.
    expect(new Set(movements.map((row) => row.id)).size).toBe(movements.length);
  });

  it('lists a failed add-funds debit at 0 with its reason, and the arriving one with its memo', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email, '000111111116');
    await addFunds(owner.headers, paymentMethod, 20_000);
    const walletId = await stripeWalletId(ctx.app, owner.headers);
    const [arriving] = await allMovements(owner.headers, walletId);
    expect(arriving).toMatchObject({
      type: 'ach_debit_pending',
      status: 'pending',
      incoming: 20_000,
      memo: expect.stringContaining('••••'),
    });
    await advanceClock(ctx.app, 61);
    const movements = await allMovements(owner.headers, walletId);
    expect(movements).toEqual([
      expect.objectContaining({ type: 'ach_debit_failed', status: 'failed', failure_reason: 'no_account', amount: 0, incoming: 0 }),
    ]);
    const wallet = (await call('GET', `/v1/wallets/${walletId}`, owner.headers)).json<{ breakdown: Breakdown }>();
    expect(wallet.breakdown).toEqual({
      available: 0,
      incoming: 0,
      held: 0,
      arriving: 0,
      arriving_expected_at: null,
      frozen: 0,
      owed: 0,
      fees_owed: 0,
      total: 0,
    });
  });

  it('pages by number and by cursor alike, newest first', async () => {
    const { owner, walletId } = await mixedWallet();
    const { numbered, walked } = await walkBothWays(ctx.app, owner.headers, `/v1/wallets/${walletId}/movements`, {
      pageSize: 3,
      sizeParam: 'limit',
    });
    expect(numbered.length).toBeGreaterThan(6);
    expect(walked).toEqual(numbered);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it("answers the caller's organisation only, and owners and admins only", async () => {
    const { owner, walletId } = await mixedWallet();
    const other = await createOwner(ctx.app);
    expect((await call('GET', `/v1/wallets/${walletId}/movements`, other.headers)).statusCode).toBe(404);
    const { headers } = await createCollaborator(ctx.deps, owner.org.id);
    expect((await call('GET', `/v1/wallets/${walletId}/movements`, headers)).statusCode).toBe(403);
    const bad = await call('GET', `/v1/wallets/${walletId}/movements?starting_after=bm90LWEtY3Vyc29y`, owner.headers);
    expect(bad.statusCode).toBe(400);
  });
});
