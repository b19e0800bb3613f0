import { beforeAll, describe, expect, it } from 'vitest';
import { convertMinor, type PayoutQuote } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow as row, walletBalance } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { addCreatorAbroad, CORRIDOR_PAYEES, ledgerByCurrency } from '../../../test/abroad-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  // Nium's statuses come one third of the ACH delay apart: 20 s each.
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
/** The Execute dialog's quote (GET /v1/payments/quotes), as core describes it. */
type Quote = PayoutQuote;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function quotes(headers: Headers, ids: string[]): Promise<Quote[]> {
  const response = await inject('POST', '/v1/payments/initiate/quotes', headers, { ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().quotes;
}
const status = async (headers: Headers, id: string) => (await inject('GET', `/v1/payments/${id}/abroad`, headers)).json();
const paymentStatus = async (headers: Headers, id: string) => (await inject('GET', `/v1/payments/${id}`, headers)).json().status;
async function steps(count: number) {
  for (let i = 0; i < count; i += 1) expect((await advanceClock(ctx.app, 21)).statusCode).toBe(200);
}

describe('payees abroad', () => {
  it('refuses a bad IBAN or a missing corridor field with a sentence naming the field, and keeps nothing', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await addCreator(ctx.app, owner.headers);
    const badIban = await inject('PUT', `/v1/creators/${creator.id}/abroad`, owner.headers, {
      ...CORRIDOR_PAYEES.DE,
      fields: { ...CORRIDOR_PAYEES.DE.fields, iban: 'DE89 3704 0044 0532 0130 01' },
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({ message: 'IBAN is not valid: check the digits', field: 'fields.iban' });
    const noSortCode = await inject('PUT', `/v1/creators/${creator.id}/abroad`, owner.headers, {
      country: 'GB',
      method: 'bank_account',
      fields: { account_holder_name: 'Ada Lovelace', account_number: '31926819' },
    });
    expect(noSortCode.statusCode).toBe(400);
    expect(noSortCode.json()).toMatchObject({ message: 'Sort code is required', field: 'fields.sort_code' });
    expect((await inject('GET', `/v1/creators/${creator.id}/abroad`, owner.headers)).json()).toBeNull();
    expect((await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json().selected_payment_method).toBeNull();
  });

  it('keeps the details sealed: answers show tok_ values and last 4, never the numbers', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const creator = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.DE);
    expect(creator.abroad).toMatchObject({ country: 'DE', currency: 'EUR', method: 'bank_account', last4: { iban: '3000', bic: 'FXXX' } });
    expect(creator.abroad.fields.iban).toMatch(/^tok_/);
    expect(creator.abroad.fields.account_holder_name).toBe('Jonas Weber');
    const shown = JSON.stringify((await inject('GET', `/v1/creators/${creator.id}/abroad`, owner.headers)).json());
    expect(shown).not.toContain('DE89370400440532013000');
  });
});

describe('payments abroad through Nium (sandbox)', () => {
  it('pays GB, IN, BR, DE and JP payees in one execution with locked quotes; an RFI answered, a return given back, the books per currency', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const { headers } = owner;
    const payees = {
      GB: await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.GB),
      IN: await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.IN, '(rfi)'),
      BR: await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.BR, '(return)'),
      DE: await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.DE),
      JP: await addCreatorAbroad(ctx.app, headers, CORRIDOR_PAYEES.JP),
    };
    const list = (await inject('GET', `/v1/creators/${payees.JP.id}`, headers)).json();
    expect(list.selected_payment_method).toBe('nium');

    // The Nium wallet funded from the US wallet.
    expect((await inject('POST', '/v1/nium/wallet/fund', headers, { amount: 600_000 })).statusCode).toBe(200);
    expect(await walletBalance(ctx.app, headers)).toBe(400_000);
    expect(await ledgerByCurrency(ctx.deps, owner.org.id)).toMatchObject({ 'nium_available:usd': 600_000 });

    const drafts = await createDrafts(ctx.app, headers, [
      row(payees.GB.id, 50_000),
      row(payees.IN.id, 40_000),
      row(payees.BR.id, 30_000),
      row(payees.DE.id, 20_000),
      row(payees.JP.id, 12_345),
    ]);
    const ids = drafts.map((draft) => draft.id);
    const byCountry = Object.fromEntries(Object.keys(payees).map((country, index) => [country, drafts[index]!]));
    const sent = drafts.reduce((sum, draft) => sum + draft.amount, 0);
    const fees = drafts.reduce((sum, draft) => sum + draft.fee, 0);

    // A quote shown, then left to expire: Execute refuses it and nothing moves.
    const first = await quotes(headers, ids);
    expect(first.map((quote) => quote.destination_currency).sort()).toEqual(['BRL', 'EUR', 'GBP', 'INR', 'JPY']);
    await steps(46); // 16 minutes
    const expired = await inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: first.map((quote) => quote.quote_id) });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      code: 'quote_expired',
      message: 'The exchange rate expired: review the new quote and confirm again',
    });
    expect(await paymentStatus(headers, byCountry.GB!.id)).toBe('draft');
    expect(await ledgerByCurrency(ctx.deps, owner.org.id)).toMatchObject({ 'nium_available:usd': 600_000 });
    // Execute without the quotes is refused too: the owner must see the rate first.
    const unquoted = await inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: [] });
    expect(unquoted.statusCode).toBe(409);

    // Quoted again and confirmed: each converts at its new locked rate.
    const locked = await quotes(headers, ids);
    const quoteOf = (country: string) => locked.find((quote) => quote.payment_id === byCountry[country]!.id)!;
    expect(quoteOf('JP').destination_amount).toBe(convertMinor(byCountry.JP!.amount, { from: 'USD', to: 'JPY', rate: quoteOf('JP').rate }));
    expect(new Set(locked.map((q) => q.quote_id)).size).toBe(5);
    expect(locked.every((q) => !first.some((old) => old.quote_id === q.quote_id))).toBe(true);
    const executed = await inject('PUT', '/v1/payments/initiate', headers, { ids, quote_ids: locked.map((quote) => quote.quote_id) });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json()).toMatchObject({ processing: 5 });
    expect(await walletBalance(ctx.app, headers)).toBe(400_000 - fees);
    // Nium took the dollars: on their way, not converted yet.
    expect(await ledgerByCurrency(ctx.deps, owner.org.id)).toMatchObject({
      'nium_available:usd': 600_000 - sent,
      'nium_sent:usd': sent,
      ...(fees > 0 ? { 'wallet_held:usd': fees } : {}),
    });
    const gb = await status(headers, byCountry.GB!.id);
    expect(gb).toMatchObject({ status: 'initiated', destination_currency: 'GBP', destination_amount: quoteOf('GB').destination_amount });
    expect(gb.transfer_id).toMatch(/^RT\d{10}$/);
    expect(gb.estimated_arrival).not.toBeNull();

    // Compliance, sent to the bank, paid; the RFI holds India; Brazil is returned after it was paid.
    await steps(3);
    for (const country of ['GB', 'DE', 'JP', 'BR']) expect(await paymentStatus(headers, byCountry[country]!.id)).toBe('succeeded');
    const held = await status(headers, byCountry.IN!.id);
    expect(held.status).toBe('rfi_requested');
    expect(held.rfis).toEqual([expect.objectContaining({ status: 'RFI_REQUESTED', fields: ['firstName'] })]);
    const answer = await inject('POST', `/v1/payments/${byCountry.IN!.id}/rfi`, headers, {
      rfi_id: held.rfis[0].rfi_id,
      info: { firstName: 'Ravi' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rfis[0].status).toBe('RFI_RESPONDED');
    await steps(4);
    expect(await paymentStatus(headers, byCountry.IN!.id)).toBe('succeeded');
    expect(await paymentStatus(headers, byCountry.BR!.id)).toBe('returned');

    // The books per currency: what each payee's bank received at the locked rate, the return back in the Nium wallet.
    const paid = ['GB', 'IN', 'DE', 'JP'];
    const books = await ledgerByCurrency(ctx.deps, owner.org.id);
    for (const country of paid) {
      const quote = quoteOf(country);
      expect(books[`outside_bank:${quote.destination_currency.toLowerCase()}`]).toBe(quote.destination_amount);
      expect(books[`fx_clearing:${quote.destination_currency.toLowerCase()}`]).toBe(-quote.destination_amount);
    }
    expect(books['outside_bank:brl']).toBeUndefined();
    const paidDollars = paid.reduce((sum, country) => sum + byCountry[country]!.amount, 0);
    expect(books).toMatchObject({ 'nium_available:usd': 600_000 - paidDollars, 'fx_clearing:usd': paidDollars });
    expect(books['nium_sent:usd']).toBeUndefined();
    expect(books['nium_held:usd']).toBeUndefined();
    const wallet = (await inject('GET', '/v1/nium/wallet', headers)).json();
    expect(wallet.balances).toEqual([{ currency: 'USD', available: 600_000 - paidDollars, held: 0, in_flight: 0 }]);
    expect((await status(headers, byCountry.JP!.id)).destination_amount).toBe(quoteOf('JP').destination_amount);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('refuses an execution the Nium wallet cannot cover, moving nothing', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const payee = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(payee.id, 20_000)]);
    const shown = await quotes(owner.headers, [draft!.id]);
    const refused = await inject('PUT', '/v1/payments/initiate', owner.headers, {
      ids: [draft!.id],
      quote_ids: shown.map((q) => q.quote_id),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough funds in your Nium wallet: these payments need $200.00 and $0.00 is available');
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    expect(await paymentStatus(owner.headers, draft!.id)).toBe('draft');
  });
});
