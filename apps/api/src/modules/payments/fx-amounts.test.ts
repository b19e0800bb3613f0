import { beforeAll, describe, expect, it } from 'vitest';
import { payoutAbroadMessages, sourceForMinor, type PayoutQuote } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { addCreatorAbroad, CORRIDOR_PAYEES, ledgerByCurrency } from '../../../test/abroad-fixtures.ts';
import { niumSandboxRate } from '../../providers/payouts/nium-sandbox-rates.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { runDueSchedules } from '../payment-schedules/index.ts';

/** Payments entered in the payee's currency (issue 43): the payee receives exactly what was entered. */
let ctx: TestContext;
beforeAll(async () => {
  // Nium's statuses come one third of the ACH delay apart: 20 s each.
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
/** The Execute dialog's quote (GET /v1/payments/quotes), as core describes it. */
type Quote = PayoutQuote;
type Draft = { id: string; amount: number; fee: number; earnings: number; amount_currency: string; currency_amount: number | null };
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

/** The sandbox's net rate of one US dollar in `currency`, and the US cents that buy `amount` of it. */
const rateOf = (currency: string) => String(niumSandboxRate('USD', currency)!.netExchangeRate);
const usdFor = (amount: number, currency: string) => sourceForMinor(amount, { from: 'USD', to: currency, rate: rateOf(currency) });

async function create(headers: Headers, rows: object[]): Promise<Draft[]> {
  const response = await inject('POST', '/v1/payments', headers, rows);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
async function quotes(headers: Headers, ids: string[]): Promise<Quote[]> {
  const response = await inject('POST', '/v1/payments/initiate/quotes', headers, { ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().quotes;
}
const paymentOf = async (headers: Headers, id: string) => (await inject('GET', `/v1/payments/${id}`, headers)).json();
async function steps(count: number) {
  for (let i = 0; i < count; i += 1) expect((await advanceClock(ctx.app, 21)).statusCode).toBe(200);
}

async function abroadOwner() {
  const owner = await fundedOwner(ctx.app, 1_000_000);
  expect((await inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 600_000 })).statusCode).toBe(200);
  return owner;
}

describe('payments entered in the payee’s currency', () => {
  it('keeps GBP and JPY as entered (JPY has no decimals), with the USD estimate at the quote’s rate', async () => {
    const { headers } = await abroadOwner();
    const gb = await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.GB);
    const jp = await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.JP);
    const [pounds, yen] = await create(headers, [
      row(gb.id, 25_000, { amount_currency: 'GBP' }),
      row(jp.id, 150_000, { amount_currency: 'jpy' }),
    ]);
    expect(pounds).toMatchObject({ amount_currency: 'GBP', currency_amount: 25_000, amount: usdFor(25_000, 'GBP') });
    expect(yen).toMatchObject({ amount_currency: 'JPY', currency_amount: 150_000, amount: usdFor(150_000, 'JPY') });
    // ¥150,000 is about $990, not $1,500: the yen amount was read without decimals.
    expect(yen!.amount).toBeGreaterThan(98_000);
    expect(yen!.amount).toBeLessThan(100_000);

    // Edited in GBP, then back to USD: a USD payment keeps no amount in another currency.
    const edited = await inject('PUT', '/v1/payments', headers, {
      id: pounds!.id,
      earnings: 30_000,
      split: 100,
      memo: 'June',
      amount_currency: 'GBP',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amount_currency: 'GBP', currency_amount: 30_000, amount: usdFor(30_000, 'GBP') });
    // A client sending back the record's earnings without its currency keeps the pounds, not $300.00.
    const resent = await inject('PUT', '/v1/payments', headers, { id: pounds!.id, earnings: 30_000, split: 100, memo: 'July' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ amount_currency: 'GBP', currency_amount: 30_000, amount: usdFor(30_000, 'GBP'), memo: 'July' });
    const inUsd = await inject('PUT', '/v1/payments', headers, {
      id: pounds!.id,
      earnings: 30_000,
      split: 100,
      memo: 'June',
      amount_currency: 'USD',
    });
    expect(inUsd.json()).toMatchObject({ amount_currency: 'USD', currency_amount: null, amount: 30_000 });
  });

  it('refuses a currency other than USD or the payee’s, and amounts over the most, with a sentence naming the field (no 500)', async () => {
    const { headers } = await abroadOwner();
    const gb = await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.GB);
    const home = await addCreator(ctx.app, headers, BANK);
    const cases: [object, string][] = [
      [row(gb.id, 10_000, { amount_currency: 'EUR' }), "Amount currency must be USD or the payee's currency (GBP)"],
      [row(home.id, 10_000, { amount_currency: 'GBP' }), 'Amount currency must be USD: this payee is paid in US dollars'],
      [row(gb.id, 10_000, { amount_currency: 'POUNDS' }), "Amount currency must be USD or the payee's currency"],
      [row(gb.id, 90_000_000_000, { amount_currency: 'GBP' }), 'Earnings in GBP must be worth at most $1,000,000,000.00'],
      [row(gb.id, 100.5, { amount_currency: 'GBP' }), 'Enter an amount in dollars and cents'],
    ];
    for (const [body, message] of cases) {
      const refused = await inject('POST', '/v1/payments', headers, [body]);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const listed = (await inject('GET', '/v1/payments', headers)).json();
    expect(listed.data ?? listed).toHaveLength(0);
  });

  it('quotes the entered amount fixed; preview and Execute agree; the payee receives exactly it; the books per currency balance', async () => {
    const owner = await abroadOwner();
    const { headers } = owner;
    const gb = await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.GB);
    const jp = await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.JP);
    const drafts = await create(headers, [
      row(gb.id, 25_000, { amount_currency: 'GBP' }),
      row(jp.id, 150_000, { amount_currency: 'JPY' }),
      row(gb.id, 10_000),
    ]);
    const ids = drafts.map((draft) => draft.id);
    const [pounds, yen, dollars] = drafts;

    // The first quotes run out: Execute refuses them, nothing moves, never at the old rate.
    const first = await quotes(headers, ids);
    await steps(46); // 16 minutes
    const expired = await inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: first.map((quote) => quote.quote_id) });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'quote_expired', message: payoutAbroadMessages.quoteExpired });
    expect((await paymentOf(headers, pounds!.id)).status).toBe('draft');

    // Quoted again for the same fixed amounts: what the payee receives does not move, the USD is the new quote's.
    const locked = await quotes(headers, ids);
    const quoteOf = (id: string) => locked.find((quote) => quote.payment_id === id)!;
    expect(locked.every((quote) => !first.some((old) => old.quote_id === quote.quote_id))).toBe(true);
    expect(quoteOf(pounds!.id)).toMatchObject({
      destination_currency: 'GBP',
      destination_amount: 25_000,
      source_amount: usdFor(25_000, 'GBP'),
    });
    expect(quoteOf(yen!.id)).toMatchObject({
      destination_currency: 'JPY',
      destination_amount: 150_000,
      source_amount: usdFor(150_000, 'JPY'),
    });
    // The USD payment is quoted from its dollars, as before.
    expect(quoteOf(dollars!.id)).toMatchObject({ source_amount: 10_000 });

    const body = { ids, quote_ids: locked.map((quote) => quote.quote_id) };
    const previewed = await inject('POST', '/v1/payments/initiate/preview', headers, body);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const executed = await inject('PUT', '/v1/payments/initiate', headers, body);
    expect(executed.statusCode, executed.body).toBe(200);
    expect(previewed.json().outcomes).toEqual(executed.json().outcomes);
    const usd = locked.reduce((sum, quote) => sum + quote.source_amount, 0);
    expect(executed.json().outcomes.sent).toMatchObject({ count: 3, amount: usd });
    expect(await ledgerByCurrency(ctx.deps, owner.org.id)).toMatchObject({ 'nium_available:usd': 600_000 - usd, 'nium_sent:usd': usd });

    await steps(3);
    for (const id of ids) expect((await paymentOf(headers, id)).status).toBe('succeeded');
    const books = await ledgerByCurrency(ctx.deps, owner.org.id);
    expect(books['outside_bank:gbp']).toBe(25_000 + quoteOf(dollars!.id).destination_amount);
    expect(books['outside_bank:jpy']).toBe(150_000);
    expect(books['fx_clearing:jpy']).toBe(-150_000);
    expect(books).toMatchObject({ 'nium_available:usd': 600_000 - usd, 'fx_clearing:usd': usd });
    const abroad = (await inject('GET', `/v1/payments/${yen!.id}/abroad`, headers)).json();
    expect(abroad).toMatchObject({
      destination_currency: 'JPY',
      destination_amount: 150_000,
      source_amount: quoteOf(yen!.id).source_amount,
    });
    const wallet = (await inject('GET', '/v1/nium/wallet', headers)).json();
    expect(wallet.balances).toEqual([{ currency: 'USD', available: 600_000 - usd, held: 0, in_flight: 0 }]);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('a payment entered in GBP sent without a locked quote (through the API) is quoted at its transfer for the fixed amount', async () => {
    const owner = await abroadOwner();
    const gb = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const [pounds] = await create(owner.headers, [row(gb.id, 12_345, { amount_currency: 'GBP' })]);
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [pounds!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    await steps(4);
    expect((await paymentOf(owner.headers, pounds!.id)).status).toBe('succeeded');
    const books = await ledgerByCurrency(ctx.deps, owner.org.id);
    expect(books['outside_bank:gbp']).toBe(12_345);
    expect(books).toMatchObject({ 'fx_clearing:usd': usdFor(12_345, 'GBP'), 'nium_available:usd': 600_000 - usdFor(12_345, 'GBP') });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('GET /v1/payments/totals says which part of pending is a USD estimate, until Nium takes the dollars', async () => {
    const owner = await abroadOwner();
    const gb = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const home = await addCreator(ctx.app, owner.headers, BANK);
    const [pounds, dollars] = await create(owner.headers, [row(gb.id, 12_345, { amount_currency: 'GBP' }), row(gb.id, 5_000)]);
    await create(owner.headers, [row(home.id, 7_000)]);
    const totals = async (query = '') => {
      const response = await inject('GET', `/v1/payments/totals${query}`, owner.headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const estimate = usdFor(12_345, 'GBP');
    expect(pounds!.amount).toBe(estimate);
    expect(await totals()).toEqual({ pending: estimate + 5_000 + 7_000, completed: 0, pending_estimated: estimate });
    expect(await totals(`?recipient=${gb.id}`)).toEqual({ pending: estimate + 5_000, completed: 0, pending_estimated: estimate });
    expect(await totals(`?recipient=${home.id}`)).toEqual({ pending: 7_000, completed: 0, pending_estimated: 0 });

    // Sent: the dollars are what Nium took, no longer an estimate.
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [pounds!.id, dollars!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    expect((await totals(`?recipient=${gb.id}`)).pending_estimated).toBe(0);
    await steps(4);
    expect(await totals(`?recipient=${gb.id}`)).toEqual({
      pending: 0,
      completed: (await paymentOf(owner.headers, pounds!.id)).amount + 5_000,
      pending_estimated: 0,
    });
  });

  it('a weekly schedule of a payment entered in GBP pays the same pounds each week, each quoted when sent', async () => {
    const owner = await abroadOwner();
    const gb = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const [pounds] = await create(owner.headers, [row(gb.id, 5_000, { amount_currency: 'GBP', memo: 'Weekly fee' })]);
    const today = (await sandboxNow(ctx.deps.db)).toISOString().slice(0, 10);
    const scheduled = await inject('POST', '/v1/payment_schedules', owner.headers, {
      ids: [pounds!.id],
      execute_on: today,
      frequency: 'weekly',
      count: 2,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    for (let week = 0; week < 2; week += 1) {
      await runDueSchedules(ctx.deps);
      expect((await advanceClock(ctx.app, 7 * 86_400)).statusCode).toBe(200);
    }
    const paid = await ctx.deps.db.execute<{ amount_currency: string; currency_amount: string; status: string }>(
      `SELECT amount_currency, currency_amount::text, status FROM payments WHERE org_id = '${owner.org.id}' AND memo = 'Weekly fee'`,
    );
    expect(paid.rows).toHaveLength(2);
    for (const payment of paid.rows)
      expect(payment).toMatchObject({ amount_currency: 'GBP', currency_amount: '5000', status: 'succeeded' });
    expect((await ledgerByCurrency(ctx.deps, owner.org.id))['outside_bank:gbp']).toBe(10_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });
});
