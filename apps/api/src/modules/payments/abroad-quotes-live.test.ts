import { describe, expect, it } from 'vitest';
import { addCreatorAbroad, CORRIDOR_PAYEES, ledgerByCurrency } from '../../../test/abroad-fixtures.ts';
import { useAbroadLiveWorld } from '../../../test/abroad-live-world.ts';
import { createDrafts, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';
import { runDueProviderCalls } from '../provider-calls/index.ts';

// What a payment abroad is converted at: a quote that ran out, none locked, one entered in the payee's currency.
// Set-up and the checks after each test: test/abroad-live-world.ts.
const live = useAbroadLiveWorld();

/** An owner whose Nium wallet holds $500.00, and a payee in the UK paid in pounds. */
async function withPayeeInBritain() {
  const owner = await live.abroadOwner(100_000);
  const { headers } = owner;
  expect((await live.inject('POST', '/v1/nium/wallet/fund', headers, { amount: 50_000 })).statusCode).toBe(200);
  const payee = await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.GB);
  return { owner, headers, customer: owner.account.customerHashId, payee };
}

/** Nium takes the transfer through its three steps to paid, the books in step with its wallet after each. */
async function niumPaysOut(orgId: string, customer: string) {
  for (let step = 0; step < 3; step += 1) {
    await live.deliver(live.nium.process());
    await live.expectInStep(orgId, customer);
  }
}

describe('quotes of payments abroad (SANDBOX=false, on the Nium fake)', () => {
  it('a quote that runs out before Nium is reached books nothing at its rate: the payment fails, its dollars back in the Nium wallet', async () => {
    const owner = await live.abroadOwner(100_000);
    const { headers } = owner;
    const customer = owner.account.customerHashId;
    expect((await live.inject('POST', '/v1/nium/wallet/fund', headers, { amount: 50_000 })).statusCode).toBe(200);
    await live.expectInStep(owner.org.id, customer);
    const payee = await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.DE);
    const [draft] = await createDrafts(live.world.ctx.app, headers, [row(payee.id, 20_000)]);
    const shown = await live.quotes(headers, [draft!.id]);
    // Nium fails the transfer (a 500): the call is tried again later ...
    live.nium.failNext(/\/remittance$/, { status: 500, body: { status: 'INTERNAL_SERVER_ERROR', message: 'Try again', errors: [] } });
    const executed = await live.inject('PUT', '/v1/payments/initiate', headers, {
      ids: [draft!.id],
      quote_ids: shown.map((q) => q.quote_id),
    });
    expect(executed.statusCode, executed.body).toBe(200);
    await runDueProviderCalls(live.world.ctx.deps);
    expect(await live.paymentStatus(headers, draft!.id)).toBe('processing');
    // ... after the quote's lock ran out: Nium refuses it, and nothing is converted at its rate.
    live.nium.advanceMinutes(16);
    await advanceSandboxClock(live.world.ctx.deps.db, 16 * 60);
    await runDueProviderCalls(live.world.ctx.deps, { now: new Date(Date.now() + 17 * 60_000) });
    expect(await live.paymentStatus(headers, draft!.id)).toBe('failed');
    expect(live.nium.state().remittances.filter((remittance) => remittance.quoteId === shown[0]!.quote_id)).toEqual([]);
    const books = await ledgerByCurrency(live.world.ctx.deps, owner.org.id);
    expect(books).toMatchObject({ 'nium_available:usd': 50_000 });
    expect(Object.keys(books).filter((place) => place.startsWith('fx_clearing') || place.endsWith(':eur'))).toEqual([]);
    await live.expectInStep(owner.org.id, customer);
  });
  it('a payment executed without quote_ids is quoted before it is sent: Nium converts at that quote, the books take its figures', async () => {
    const { owner, headers, customer, payee } = await withPayeeInBritain();
    const [draft] = await createDrafts(live.world.ctx.app, headers, [row(payee.id, 20_000)]);
    const earlier = live.nium.state().remittances.length;
    const preview = (await live.inject('POST', '/v1/payments/initiate/preview', headers, { ids: [draft!.id] })).json();
    const executed = await live.inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    // Preview and Execute agree on what goes out.
    expect(executed.json().outcomes.sent).toEqual(preview.outcomes.sent);
    await live.expectInStep(owner.org.id, customer);
    const [remittance, ...more] = live.nium.state().remittances.slice(earlier);
    expect(more).toEqual([]);
    expect(remittance?.quoteId).toEqual(expect.any(String));
    const status = (await live.inject('GET', `/v1/payments/${draft!.id}/abroad`, headers)).json();
    expect(status).toMatchObject({
      destination_currency: 'GBP',
      destination_amount: remittance!.destinationAmount,
      rate: expect.any(String),
    });
    await niumPaysOut(owner.org.id, customer);
    expect(await live.paymentStatus(headers, draft!.id)).toBe('succeeded');
    expect((await ledgerByCurrency(live.world.ctx.deps, owner.org.id))['outside_bank:gbp']).toBe(remittance!.destinationAmount);
  });
  it('a payment entered in GBP: an expired quote is quoted again at the moved rate for the same pounds; the payee receives exactly them', async () => {
    const { owner, headers, customer, payee } = await withPayeeInBritain();
    const [draft] = await createDrafts(live.world.ctx.app, headers, [row(payee.id, 15_000, { amount_currency: 'GBP' })]);
    const shown = await live.quotes(headers, [draft!.id]);
    expect(shown[0]).toMatchObject({ destination_currency: 'GBP', destination_amount: 15_000, source_amount: draft!.amount });

    // The pound strengthens (a dollar buys 3% fewer) while the quote's lock runs out: refused, never booked at the old rate.
    live.nium.moveMarket('GBP', 0.97);
    live.nium.advanceMinutes(16);
    await advanceSandboxClock(live.world.ctx.deps.db, 16 * 60);
    const expired = await live.inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id], quote_ids: [shown[0]!.quote_id] });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'quote_expired' });
    const [again] = await live.quotes(headers, [draft!.id]);
    expect(again).toMatchObject({ destination_amount: 15_000 });
    expect(again!.rate).not.toBe(shown[0]!.rate);
    expect(again!.source_amount).toBeGreaterThan(shown[0]!.source_amount);

    const executed = await live.inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id], quote_ids: [again!.quote_id] });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json().outcomes.sent).toMatchObject({ count: 1, amount: again!.source_amount });
    await live.expectInStep(owner.org.id, customer);
    const remittance = live.nium.state().remittances.find((entry) => entry.quoteId === again!.quote_id)!;
    expect(remittance).toMatchObject({ destinationCurrency: 'GBP', destinationAmount: 15_000, sourceAmount: again!.source_amount });
    await niumPaysOut(owner.org.id, customer);
    expect(await live.paymentStatus(headers, draft!.id)).toBe('succeeded');
    const books = await ledgerByCurrency(live.world.ctx.deps, owner.org.id);
    expect(books).toMatchObject({ 'outside_bank:gbp': 15_000, 'fx_clearing:gbp': -15_000, 'fx_clearing:usd': again!.source_amount });
    expect(live.nium.balances(customer)).toEqual({ USD: 50_000 - again!.source_amount });
    live.nium.moveMarket('GBP', 1);
  });
  it('a payment entered in GBP sent without a locked quote after the market moved: Nium takes its quote’s dollars, the books follow', async () => {
    const { owner, headers, customer, payee } = await withPayeeInBritain();
    const [draft] = await createDrafts(live.world.ctx.app, headers, [row(payee.id, 15_000, { amount_currency: 'GBP' })]);
    live.nium.moveMarket('GBP', 0.97);
    const executed = await live.inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    await live.expectInStep(owner.org.id, customer);
    const remittance = live.nium
      .state()
      .remittances.find((entry) => entry.destinationCurrency === 'GBP' && entry.destinationAmount === 15_000)!;
    // More dollars than the estimate held: the difference was held from the Nium wallet when Nium took them.
    expect(remittance.sourceAmount).toBeGreaterThan(draft!.amount);
    expect((await live.inject('GET', `/v1/payments/${draft!.id}`, headers)).json().amount).toBe(remittance.sourceAmount);
    await niumPaysOut(owner.org.id, customer);
    expect(await live.paymentStatus(headers, draft!.id)).toBe('succeeded');
    expect(await ledgerByCurrency(live.world.ctx.deps, owner.org.id)).toMatchObject({
      'outside_bank:gbp': 15_000,
      'fx_clearing:usd': remittance.sourceAmount,
      'nium_available:usd': 50_000 - remittance.sourceAmount,
    });
    live.nium.moveMarket('GBP', 1);
  });
});
