import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutAbroadMessages, type PayoutQuote } from '@crewpay/core';
import { startNiumFake, type NiumFake, type NiumWebhook } from '../../../fakes/nium-fake.ts';
import { addCreatorAbroad, CORRIDOR_PAYEES, ledgerByCurrency } from '../../../test/abroad-fixtures.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createDrafts, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { liveWorld } from '../../../test/worlds.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';
import { randomUUID } from 'node:crypto';
import { niumClient } from '../../providers/payouts/index.ts';
import { findCurrencyAccounts, postTransfer, reconcileLedger } from '../ledger/index.ts';
import { niumWalletCheck } from '../nium/index.ts';
import { runDueProviderCalls } from '../provider-calls/index.ts';
import { providerCheck } from '../provider-sync/index.ts';
import { sweepAbroadPayouts } from './nium-events.ts';

/**
 * Payments abroad with SANDBOX=false: the Nium adapter on the Nium fake (Nium's API as its
 * reference describes it), its webhooks delivered to POST /v1/webhooks/nium as Nium sends them.
 * After every step the books per currency equal the fake's wallet (the provider check's Nium
 * places) and the books reconcile.
 */
let world: Awaited<ReturnType<typeof liveWorld>>;
let nium: NiumFake;
beforeAll(async () => {
  nium = await startNiumFake();
  world = await liveWorld(nium.settings);
});
afterAll(async () => {
  await nium.close();
});
// Every request Crewpay made to Nium and every answer and webhook of the fake followed the description.
afterEach(() => {
  expect(nium.takeProblems()).toEqual([]);
  expect(nium.webhookProblems.splice(0)).toEqual([]);
});

type Headers = Record<string, string>;
/** The Execute dialog's quote (GET /v1/payments/quotes), as core describes it. */
type Quote = PayoutQuote;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(world.ctx.app)(...args);
const paymentStatus = async (headers: Headers, id: string) => (await inject('GET', `/v1/payments/${id}`, headers)).json().status;

async function quotes(headers: Headers, ids: string[]): Promise<Quote[]> {
  const response = await inject('POST', '/v1/payments/initiate/quotes', headers, { ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().quotes;
}

/** Webhooks as Nium posts them: each answered 200. */
async function deliver(webhooks: NiumWebhook[]) {
  for (const webhook of webhooks) {
    const answer = await nium.deliver(world.ctx.app, webhook);
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

/** The calls due made, then the organisation's Nium wallet per currency in our books equals the fake's, and the books reconcile. */
async function expectInStep(orgId: string, customerHashId: string) {
  await runDueProviderCalls(world.ctx.deps);
  const perCurrency = await niumWalletCheck(world.ctx.deps, orgId);
  expect(perCurrency.length).toBeGreaterThan(0);
  const fakeWallet = nium.balances(customerHashId);
  for (const entry of perCurrency) {
    expect(entry.books, entry.currency).toBe(entry.nium);
    expect(entry.nium, entry.currency).toBe(fakeWallet[entry.currency] ?? 0);
  }
  expect((await providerCheck(world.ctx.deps)).problems.filter((problem) => problem.org_id === orgId)).toEqual([]);
  expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
}

/** An activated organisation with dollars in its US wallet, onboarded at Nium (its customer and wallet ids set by the owner). */
async function abroadOwner(dollars: number) {
  const owner = await createOwner(world.ctx.app, { orgName: 'Globe Talent' });
  await activate(world.ctx.app, owner.headers);
  await world.afterActivation();
  await world.fund(owner.headers, owner.org.id, dollars);
  const account = nium.addCustomer('Globe Talent');
  const set = await inject('PUT', '/v1/nium/account', owner.headers, {
    customer_hash_id: account.customerHashId,
    wallet_hash_id: account.walletHashId,
  });
  expect(set.statusCode, set.body).toBe(200);
  return { ...owner, account };
}

describe('payments abroad through Nium (SANDBOX=false, on the Nium fake)', () => {
  it('refuses Nium ids Nium does not know, naming the field, and keeps none of them; the right ones are kept', async () => {
    const owner = await createOwner(world.ctx.app, { orgName: 'Typo Talent' });
    await activate(world.ctx.app, owner.headers);
    await world.afterActivation();
    const account = nium.addCustomer('Typo Talent');
    for (const ids of [
      { customer_hash_id: randomUUID(), wallet_hash_id: account.walletHashId },
      { customer_hash_id: account.customerHashId, wallet_hash_id: randomUUID() },
    ]) {
      const refused = await inject('PUT', '/v1/nium/account', owner.headers, ids);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: payoutAbroadMessages.niumAccountUnknown, field: 'customer_hash_id' });
    }
    // Nothing was kept: the organisation still has no Nium wallet.
    expect((await inject('GET', '/v1/nium/wallet', owner.headers)).json().customer_id).toBeNull();
    const kept = await inject('PUT', '/v1/nium/account', owner.headers, {
      customer_hash_id: account.customerHashId,
      wallet_hash_id: account.walletHashId,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await inject('GET', '/v1/nium/wallet', owner.headers)).json().customer_id).toBe(account.customerHashId);
  });

  it('pays GB, IN, BR, DE and JP in one execution at locked quotes; an expired quote re-quoted; an RFI answered; a return; webhooks once; a missed one swept', async () => {
    const owner = await abroadOwner(1_000_000);
    const { headers } = owner;
    const orgId = owner.org.id;
    const customer = owner.account.customerHashId;
    const payees = {
      GB: await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.GB),
      IN: await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.IN, '(rfi)'),
      BR: await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.BR, '(return)'),
      DE: await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.DE),
      JP: await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.JP),
    };

    // The Nium wallet funded from the US wallet: Nium's Fund Wallet credits the fake's wallet.
    const funded = await inject('POST', '/v1/nium/wallet/fund', headers, { amount: 600_000 });
    expect(funded.statusCode, funded.body).toBe(200);
    await expectInStep(orgId, customer);
    expect(nium.balances(customer)).toEqual({ USD: 600_000 });

    const drafts = await createDrafts(world.ctx.app, headers, [
      row(payees.GB.id, 50_000),
      row(payees.IN.id, 40_000),
      row(payees.BR.id, 30_000),
      row(payees.DE.id, 20_000),
      row(payees.JP.id, 12_345),
    ]);
    const ids = drafts.map((draft) => draft.id);
    const byCountry = Object.fromEntries(Object.keys(payees).map((country, index) => [country, drafts[index]!]));
    const sent = drafts.reduce((sum, draft) => sum + draft.amount, 0);

    // Quotes shown, then their lock runs out (Nium's clock and ours): Execute refuses them, nothing moves.
    const first = await quotes(headers, ids);
    expect(first.map((quote) => quote.destination_currency).sort()).toEqual(['BRL', 'EUR', 'GBP', 'INR', 'JPY']);
    nium.advanceMinutes(16);
    await advanceSandboxClock(world.ctx.deps.db, 16 * 60);
    const expired = await inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: first.map((quote) => quote.quote_id) });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'quote_expired' });
    expect(await paymentStatus(headers, byCountry.GB!.id)).toBe('draft');
    expect(nium.state().remittances).toEqual([]);
    await expectInStep(orgId, customer);

    // Quoted again and confirmed: every transfer at Nium carries its new quote, none an old one.
    const locked = await quotes(headers, ids);
    const quoteOf = (country: string) => locked.find((quote) => quote.payment_id === byCountry[country]!.id)!;
    expect(locked.every((quote) => !first.some((old) => old.quote_id === quote.quote_id))).toBe(true);
    const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: locked.map((quote) => quote.quote_id) });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json()).toMatchObject({ processing: 5 });
    await expectInStep(orgId, customer);
    const atNium = nium.state().remittances;
    expect(atNium.map((remittance) => remittance.quoteId).sort()).toEqual(locked.map((quote) => quote.quote_id).sort());
    for (const quote of locked) {
      const remittance = atNium.find((entry) => entry.quoteId === quote.quote_id)!;
      expect(remittance).toMatchObject({ destinationCurrency: quote.destination_currency, destinationAmount: quote.destination_amount });
    }
    expect(nium.balances(customer)).toEqual({ USD: 600_000 - sent });
    expect(await ledgerByCurrency(world.ctx.deps, orgId)).toMatchObject({ 'nium_available:usd': 600_000 - sent, 'nium_sent:usd': sent });

    // Compliance (India held on an RFI, its nudge delivered), then sent to the bank, then paid.
    await deliver(nium.process());
    await expectInStep(orgId, customer);
    const held = (await inject('GET', `/v1/payments/${byCountry.IN!.id}/abroad`, headers)).json();
    expect(held.status).toBe('rfi_requested');
    expect(held.rfis).toEqual([expect.objectContaining({ status: 'RFI_REQUESTED', fields: ['firstName'] })]);
    const sentToBank = nium.process();
    expect(sentToBank.map((webhook) => webhook.body.template)).toEqual(Array(4).fill('REMIT_TRANSACTION_SENT_TO_BANK_WEBHOOK'));
    await deliver(sentToBank);
    await expectInStep(orgId, customer);

    // A webhook without Nium's partner key is refused and changes nothing.
    const paid = nium.process();
    expect(paid.map((webhook) => webhook.body.template)).toEqual(Array(4).fill('REMIT_TRANSACTION_PAID_WEBHOOK'));
    const forged = await world.ctx.app.inject({
      method: 'POST',
      url: '/v1/webhooks/nium',
      headers: { ...paid[0]!.headers, 'x-partner-key': 'not-the-partner-key' },
      payload: JSON.stringify(paid[0]!.body),
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    // Germany's paid webhook is lost on the way; the others arrive, and arrive again (Nium retries): applied once.
    const lost = paid.filter(
      (webhook) => webhook.body.systemReferenceNumber === atNium.find((r) => r.destinationCurrency === 'EUR')!.systemReferenceNumber,
    );
    expect(lost).toHaveLength(1);
    const arrived = paid.filter((webhook) => !lost.includes(webhook));
    await deliver(arrived);
    const booksOnce = await ledgerByCurrency(world.ctx.deps, orgId);
    await deliver(arrived);
    expect(await ledgerByCurrency(world.ctx.deps, orgId)).toEqual(booksOnce);
    await expectInStep(orgId, customer);
    for (const country of ['GB', 'JP', 'BR']) expect(await paymentStatus(headers, byCountry[country]!.id)).toBe('succeeded');
    expect(await paymentStatus(headers, byCountry.DE!.id)).toBe('processing');

    // The sweep: Germany's payment, quiet for 15 minutes, is read from Nium and settled as its webhook would have.
    nium.advanceMinutes(16);
    await advanceSandboxClock(world.ctx.deps.db, 16 * 60);
    expect(await sweepAbroadPayouts(world.ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(headers, byCountry.DE!.id)).toBe('succeeded');
    await expectInStep(orgId, customer);
    // The lost webhook arrives after all: the same event, applied once.
    const beforeLate = await ledgerByCurrency(world.ctx.deps, orgId);
    await deliver(lost);
    expect(await ledgerByCurrency(world.ctx.deps, orgId)).toEqual(beforeLate);

    // The RFI answered by the owner: India goes on and is paid; Brazil's bank returns its payment.
    const answer = await inject('POST', `/v1/payments/${byCountry.IN!.id}/rfi`, headers, {
      rfi_id: held.rfis[0].rfi_id,
      info: { firstName: 'Ravi' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rfis[0].status).toBe('RFI_RESPONDED');
    await deliver(nium.takeWebhooks());
    await expectInStep(orgId, customer);
    for (let step = 0; step < 4; step += 1) {
      await deliver(nium.process());
      await expectInStep(orgId, customer);
    }
    expect(await paymentStatus(headers, byCountry.IN!.id)).toBe('succeeded');
    expect(await paymentStatus(headers, byCountry.BR!.id)).toBe('returned');

    // The books per currency: each payee's bank got what its locked quote said; Brazil's dollars are back in the Nium wallet.
    const books = await ledgerByCurrency(world.ctx.deps, orgId);
    const paidCountries = ['GB', 'IN', 'DE', 'JP'];
    for (const country of paidCountries) {
      const quote = quoteOf(country);
      expect(books[`outside_bank:${quote.destination_currency.toLowerCase()}`]).toBe(quote.destination_amount);
      expect(books[`fx_clearing:${quote.destination_currency.toLowerCase()}`]).toBe(-quote.destination_amount);
    }
    expect(books['outside_bank:brl']).toBeUndefined();
    const paidDollars = paidCountries.reduce((sum, country) => sum + byCountry[country]!.amount, 0);
    expect(books).toMatchObject({ 'nium_available:usd': 600_000 - paidDollars, 'fx_clearing:usd': paidDollars });
    expect(nium.balances(customer)).toEqual({ USD: 600_000 - paidDollars });
  });

  it('a quote that runs out before Nium is reached books nothing at its rate: the payment fails, its dollars back in the Nium wallet', async () => {
    const owner = await abroadOwner(100_000);
    const { headers } = owner;
    const customer = owner.account.customerHashId;
    expect((await inject('POST', '/v1/nium/wallet/fund', headers, { amount: 50_000 })).statusCode).toBe(200);
    await expectInStep(owner.org.id, customer);
    const payee = await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.DE);
    const [draft] = await createDrafts(world.ctx.app, headers, [row(payee.id, 20_000)]);
    const shown = await quotes(headers, [draft!.id]);
    // Nium fails the transfer (a 500): the call is tried again later ...
    nium.failNext(/\/remittance$/, { status: 500, body: { status: 'INTERNAL_SERVER_ERROR', message: 'Try again', errors: [] } });
    const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id], quote_ids: shown.map((q) => q.quote_id) });
    expect(executed.statusCode, executed.body).toBe(200);
    await runDueProviderCalls(world.ctx.deps);
    expect(await paymentStatus(headers, draft!.id)).toBe('processing');
    // ... after the quote's lock ran out: Nium refuses it, and nothing is converted at its rate.
    nium.advanceMinutes(16);
    await advanceSandboxClock(world.ctx.deps.db, 16 * 60);
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 17 * 60_000) });
    expect(await paymentStatus(headers, draft!.id)).toBe('failed');
    expect(nium.state().remittances.filter((remittance) => remittance.quoteId === shown[0]!.quote_id)).toEqual([]);
    const books = await ledgerByCurrency(world.ctx.deps, owner.org.id);
    expect(books).toMatchObject({ 'nium_available:usd': 50_000 });
    expect(Object.keys(books).filter((place) => place.startsWith('fx_clearing') || place.endsWith(':eur'))).toEqual([]);
    await expectInStep(owner.org.id, customer);
  });

  it('a payment executed without quote_ids is quoted before it is sent: Nium converts at that quote, the books take its figures', async () => {
    const owner = await abroadOwner(100_000);
    const { headers } = owner;
    const customer = owner.account.customerHashId;
    expect((await inject('POST', '/v1/nium/wallet/fund', headers, { amount: 50_000 })).statusCode).toBe(200);
    const payee = await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.GB);
    const [draft] = await createDrafts(world.ctx.app, headers, [row(payee.id, 20_000)]);
    const earlier = nium.state().remittances.length;
    const preview = (await inject('POST', '/v1/payments/initiate/preview', headers, { ids: [draft!.id] })).json();
    const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    // Preview and Execute agree on what goes out.
    expect(executed.json().outcomes.sent).toEqual(preview.outcomes.sent);
    await expectInStep(owner.org.id, customer);
    const [remittance, ...more] = nium.state().remittances.slice(earlier);
    expect(more).toEqual([]);
    expect(remittance?.quoteId).toEqual(expect.any(String));
    const status = (await inject('GET', `/v1/payments/${draft!.id}/abroad`, headers)).json();
    expect(status).toMatchObject({
      destination_currency: 'GBP',
      destination_amount: remittance!.destinationAmount,
      rate: expect.any(String),
    });
    for (let step = 0; step < 3; step += 1) {
      await deliver(nium.process());
      await expectInStep(owner.org.id, customer);
    }
    expect(await paymentStatus(headers, draft!.id)).toBe('succeeded');
    expect((await ledgerByCurrency(world.ctx.deps, owner.org.id))['outside_bank:gbp']).toBe(remittance!.destinationAmount);
  });

  it('a payment entered in GBP: an expired quote is quoted again at the moved rate for the same pounds; the payee receives exactly them', async () => {
    const owner = await abroadOwner(100_000);
    const { headers } = owner;
    const customer = owner.account.customerHashId;
    expect((await inject('POST', '/v1/nium/wallet/fund', headers, { amount: 50_000 })).statusCode).toBe(200);
    const payee = await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.GB);
    const [draft] = await createDrafts(world.ctx.app, headers, [row(payee.id, 15_000, { amount_currency: 'GBP' })]);
    const shown = await quotes(headers, [draft!.id]);
    expect(shown[0]).toMatchObject({ destination_currency: 'GBP', destination_amount: 15_000, source_amount: draft!.amount });

    // The pound strengthens (a dollar buys 3% fewer) while the quote's lock runs out: refused, never booked at the old rate.
    nium.moveMarket('GBP', 0.97);
    nium.advanceMinutes(16);
    await advanceSandboxClock(world.ctx.deps.db, 16 * 60);
    const expired = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id], quote_ids: [shown[0]!.quote_id] });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'quote_expired' });
    const [again] = await quotes(headers, [draft!.id]);
    expect(again).toMatchObject({ destination_amount: 15_000 });
    expect(again!.rate).not.toBe(shown[0]!.rate);
    expect(again!.source_amount).toBeGreaterThan(shown[0]!.source_amount);

    const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id], quote_ids: [again!.quote_id] });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json().outcomes.sent).toMatchObject({ count: 1, amount: again!.source_amount });
    await expectInStep(owner.org.id, customer);
    const remittance = nium.state().remittances.find((entry) => entry.quoteId === again!.quote_id)!;
    expect(remittance).toMatchObject({ destinationCurrency: 'GBP', destinationAmount: 15_000, sourceAmount: again!.source_amount });
    for (let step = 0; step < 3; step += 1) {
      await deliver(nium.process());
      await expectInStep(owner.org.id, customer);
    }
    expect(await paymentStatus(headers, draft!.id)).toBe('succeeded');
    const books = await ledgerByCurrency(world.ctx.deps, owner.org.id);
    expect(books).toMatchObject({ 'outside_bank:gbp': 15_000, 'fx_clearing:gbp': -15_000, 'fx_clearing:usd': again!.source_amount });
    expect(nium.balances(customer)).toEqual({ USD: 50_000 - again!.source_amount });
    nium.moveMarket('GBP', 1);
  });

  it('a payment entered in GBP sent without a locked quote after the market moved: Nium takes its quote’s dollars, the books follow', async () => {
    const owner = await abroadOwner(100_000);
    const { headers } = owner;
    const customer = owner.account.customerHashId;
    expect((await inject('POST', '/v1/nium/wallet/fund', headers, { amount: 50_000 })).statusCode).toBe(200);
    const payee = await addCreatorAbroad(world.ctx.app, headers, CORRIDOR_PAYEES.GB);
    const [draft] = await createDrafts(world.ctx.app, headers, [row(payee.id, 15_000, { amount_currency: 'GBP' })]);
    nium.moveMarket('GBP', 0.97);
    const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    await expectInStep(owner.org.id, customer);
    const remittance = nium.state().remittances.find((entry) => entry.destinationCurrency === 'GBP' && entry.destinationAmount === 15_000)!;
    // More dollars than the estimate held: the difference was held from the Nium wallet when Nium took them.
    expect(remittance.sourceAmount).toBeGreaterThan(draft!.amount);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, headers)).json().amount).toBe(remittance.sourceAmount);
    for (let step = 0; step < 3; step += 1) {
      await deliver(nium.process());
      await expectInStep(owner.org.id, customer);
    }
    expect(await paymentStatus(headers, draft!.id)).toBe('succeeded');
    expect(await ledgerByCurrency(world.ctx.deps, owner.org.id)).toMatchObject({
      'outside_bank:gbp': 15_000,
      'fx_clearing:usd': remittance.sourceAmount,
      'nium_available:usd': 50_000 - remittance.sourceAmount,
    });
    nium.moveMarket('GBP', 1);
  });

  it('the provider check names the currency in which the Nium wallet and the books part', async () => {
    const owner = await abroadOwner(100_000);
    expect((await inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 50_000 })).statusCode).toBe(200);
    await expectInStep(owner.org.id, owner.account.customerHashId);
    // Dollars reach the Nium wallet outside Crewpay (a deposit Crewpay never heard of): reported, not booked.
    await niumClient(world.ctx.deps.config.providers.nium).fundWallet(owner.account, {
      sourceCurrency: 'USD',
      destinationCurrency: 'USD',
      amount: 7_000,
      idempotencyKey: randomUUID(),
    });
    const problems = (await providerCheck(world.ctx.deps)).problems.filter((problem) => problem.org_id === owner.org.id);
    expect(problems).toEqual([
      { kind: 'nium_wallet_out_of_step', org_id: owner.org.id, currency: 'USD', ledger_nium: 50_000, provider_nium: 57_000 },
    ]);
  });

  it("reconcile proves each currency of the conversions: a posting to a payee's bank that no payment made is found", async () => {
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
    const owner = await abroadOwner(0);
    const move = async (key: string, amount: number) => {
      await world.ctx.deps.db.transaction(async (tx) => {
        const gbp = await findCurrencyAccounts(tx, owner.org.id, 'GBP');
        await postTransfer(tx, {
          org_id: owner.org.id,
          key,
          type: 'test_stray',
          entries: [
            { account_id: gbp.fx_clearing!.id, amount: -amount },
            { account_id: gbp.outside_bank!.id, amount },
          ],
        });
      });
    };
    // Balanced in pounds, so the ledger's own checks pass; no paid payment abroad delivered it.
    await move('stray-gbp', 4_200);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual(
      expect.arrayContaining([
        { kind: 'nium_currency_mismatch', org_id: owner.org.id, currency: 'gbp', place: 'outside_bank', balance: 4_200, expected: 0 },
        { kind: 'nium_currency_mismatch', org_id: owner.org.id, currency: 'gbp', place: 'fx_clearing', balance: -4_200, expected: 0 },
      ]),
    );
    await move('stray-gbp-undone', -4_200);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
  });
});
