import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payoutAbroadMessages } from '@crewpay/core';
import { addCreatorAbroad, CORRIDOR_PAYEES, ledgerByCurrency } from '../../../test/abroad-fixtures.ts';
import { useAbroadLiveWorld } from '../../../test/abroad-live-world.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createDrafts, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';
import { sweepAbroadPayouts } from './nium-events.ts';

// Paying five corridors through Nium in one execution: the ids Nium knows, locked quotes, an RFI, a return, webhooks and the sweep.
// Set-up and the checks after each test: test/abroad-live-world.ts.
const live = useAbroadLiveWorld();

describe('payments abroad through Nium (SANDBOX=false, on the Nium fake): one execution in five currencies', () => {
  it('refuses Nium ids Nium does not know, naming the field, and keeps none of them; the right ones are kept', async () => {
    const owner = await createOwner(live.world.ctx.app, { orgName: 'Typo Talent' });
    await activate(live.world.ctx.app, owner.headers);
    await live.world.afterActivation();
    const account = live.nium.addCustomer('Typo Talent');
    for (const ids of [
      { customer_hash_id: randomUUID(), wallet_hash_id: account.walletHashId },
      { customer_hash_id: account.customerHashId, wallet_hash_id: randomUUID() },
    ]) {
      const refused = await live.inject('PUT', '/v1/nium/account', owner.headers, ids);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: payoutAbroadMessages.niumAccountUnknown, field: 'customer_hash_id' });
    }
    // Nothing was kept: the organisation still has no Nium wallet.
    expect((await live.inject('GET', '/v1/nium/wallet', owner.headers)).json().customer_id).toBeNull();
    const kept = await live.inject('PUT', '/v1/nium/account', owner.headers, {
      customer_hash_id: account.customerHashId,
      wallet_hash_id: account.walletHashId,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await live.inject('GET', '/v1/nium/wallet', owner.headers)).json().customer_id).toBe(account.customerHashId);
  });
  it('pays GB, IN, BR, DE and JP in one execution at locked quotes; an expired quote re-quoted; an RFI answered; a return; webhooks once; a missed one swept', async () => {
    const owner = await live.abroadOwner(1_000_000);
    const { headers } = owner;
    const orgId = owner.org.id;
    const customer = owner.account.customerHashId;
    const payees = {
      GB: await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.GB),
      IN: await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.IN, '(rfi)'),
      BR: await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.BR, '(return)'),
      DE: await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.DE),
      JP: await addCreatorAbroad(live.world.ctx.app, headers, CORRIDOR_PAYEES.JP),
    };

    // The Nium wallet funded from the US wallet: Nium's Fund Wallet credits the fake's wallet.
    const funded = await live.inject('POST', '/v1/nium/wallet/fund', headers, { amount: 600_000 });
    expect(funded.statusCode, funded.body).toBe(200);
    await live.expectInStep(orgId, customer);
    expect(live.nium.balances(customer)).toEqual({ USD: 600_000 });

    const drafts = await createDrafts(live.world.ctx.app, headers, [
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
    const first = await live.quotes(headers, ids);
    expect(first.map((quote) => quote.destination_currency).sort()).toEqual(['BRL', 'EUR', 'GBP', 'INR', 'JPY']);
    live.nium.advanceMinutes(16);
    await advanceSandboxClock(live.world.ctx.deps.db, 16 * 60);
    const expired = await live.inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: first.map((quote) => quote.quote_id) });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'quote_expired' });
    expect(await live.paymentStatus(headers, byCountry.GB!.id)).toBe('draft');
    expect(live.nium.state().remittances).toEqual([]);
    await live.expectInStep(orgId, customer);

    // Quoted again and confirmed: every transfer at Nium carries its new quote, none an old one.
    const locked = await live.quotes(headers, ids);
    const quoteOf = (country: string) => locked.find((quote) => quote.payment_id === byCountry[country]!.id)!;
    expect(locked.every((quote) => !first.some((old) => old.quote_id === quote.quote_id))).toBe(true);
    const executed = await live.inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: locked.map((quote) => quote.quote_id) });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json()).toMatchObject({ processing: 5 });
    await live.expectInStep(orgId, customer);
    const atNium = live.nium.state().remittances;
    expect(atNium.map((remittance) => remittance.quoteId).sort()).toEqual(locked.map((quote) => quote.quote_id).sort());
    for (const quote of locked) {
      const remittance = atNium.find((entry) => entry.quoteId === quote.quote_id)!;
      expect(remittance).toMatchObject({ destinationCurrency: quote.destination_currency, destinationAmount: quote.destination_amount });
    }
    expect(live.nium.balances(customer)).toEqual({ USD: 600_000 - sent });
    expect(await ledgerByCurrency(live.world.ctx.deps, orgId)).toMatchObject({
      'nium_available:usd': 600_000 - sent,
      'nium_sent:usd': sent,
    });

    // Compliance (India held on an RFI, its nudge delivered), then sent to the bank, then paid.
    await live.deliver(live.nium.process());
    await live.expectInStep(orgId, customer);
    const held = (await live.inject('GET', `/v1/payments/${byCountry.IN!.id}/abroad`, headers)).json();
    expect(held.status).toBe('rfi_requested');
    expect(held.rfis).toEqual([expect.objectContaining({ status: 'RFI_REQUESTED', fields: ['firstName'] })]);
    const sentToBank = live.nium.process();
    expect(sentToBank.map((webhook) => webhook.body.template)).toEqual(Array(4).fill('REMIT_TRANSACTION_SENT_TO_BANK_WEBHOOK'));
    await live.deliver(sentToBank);
    await live.expectInStep(orgId, customer);

    // A webhook without Nium's partner key is refused and changes nothing.
    const paid = live.nium.process();
    expect(paid.map((webhook) => webhook.body.template)).toEqual(Array(4).fill('REMIT_TRANSACTION_PAID_WEBHOOK'));
    const forged = await live.world.ctx.app.inject({
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
    await live.deliver(arrived);
    const booksOnce = await ledgerByCurrency(live.world.ctx.deps, orgId);
    await live.deliver(arrived);
    expect(await ledgerByCurrency(live.world.ctx.deps, orgId)).toEqual(booksOnce);
    await live.expectInStep(orgId, customer);
    for (const country of ['GB', 'JP', 'BR']) expect(await live.paymentStatus(headers, byCountry[country]!.id)).toBe('succeeded');
    expect(await live.paymentStatus(headers, byCountry.DE!.id)).toBe('processing');

    // The sweep: Germany's payment, quiet for 15 minutes, is read from Nium and settled as its webhook would have.
    live.nium.advanceMinutes(16);
    await advanceSandboxClock(live.world.ctx.deps.db, 16 * 60);
    expect(await sweepAbroadPayouts(live.world.ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await live.paymentStatus(headers, byCountry.DE!.id)).toBe('succeeded');
    await live.expectInStep(orgId, customer);
    // The lost webhook arrives after all: the same event, applied once.
    const beforeLate = await ledgerByCurrency(live.world.ctx.deps, orgId);
    await live.deliver(lost);
    expect(await ledgerByCurrency(live.world.ctx.deps, orgId)).toEqual(beforeLate);

    // The RFI answered by the owner: India goes on and is paid; Brazil's bank returns its payment.
    const answer = await live.inject('POST', `/v1/payments/${byCountry.IN!.id}/rfi`, headers, {
      rfi_id: held.rfis[0].rfi_id,
      info: { firstName: 'Ravi' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rfis[0].status).toBe('RFI_RESPONDED');
    await live.deliver(live.nium.takeWebhooks());
    await live.expectInStep(orgId, customer);
    for (let step = 0; step < 4; step += 1) {
      await live.deliver(live.nium.process());
      await live.expectInStep(orgId, customer);
    }
    expect(await live.paymentStatus(headers, byCountry.IN!.id)).toBe('succeeded');
    expect(await live.paymentStatus(headers, byCountry.BR!.id)).toBe('returned');

    // The books per currency: each payee's bank got what its locked quote said; Brazil's dollars are back in the Nium wallet.
    const books = await ledgerByCurrency(live.world.ctx.deps, orgId);
    const paidCountries = ['GB', 'IN', 'DE', 'JP'];
    for (const country of paidCountries) {
      const quote = quoteOf(country);
      expect(books[`outside_bank:${quote.destination_currency.toLowerCase()}`]).toBe(quote.destination_amount);
      expect(books[`fx_clearing:${quote.destination_currency.toLowerCase()}`]).toBe(-quote.destination_amount);
    }
    expect(books['outside_bank:brl']).toBeUndefined();
    const paidDollars = paidCountries.reduce((sum, country) => sum + byCountry[country]!.amount, 0);
    expect(books).toMatchObject({ 'nium_available:usd': 600_000 - paidDollars, 'fx_clearing:usd': paidDollars });
    expect(live.nium.balances(customer)).toEqual({ USD: 600_000 - paidDollars });
  });
});
