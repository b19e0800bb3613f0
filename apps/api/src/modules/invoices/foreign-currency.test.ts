import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxUsdSettlement } from '@crewpay/core';
import { charges, invoices, ledgerAccounts } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { runReconcileChecks } from '../../events/dispatcher.ts';
import { newStripeClient } from '../../providers/clients/stripe-client.ts';
import { runInvoiceSchedules } from './schedule-runs.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { listOutbox } from '../email/index.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { liveWorld, postingsOf, sandboxWorld, stripeAccountsOf, type World } from '../../../test/worlds.ts';
import { expectBooksEqualStripe } from '../../../test/books.ts';

/**
 * Invoices billed in another currency than USD (docs/money-flows.md, "Invoices in other
 * currencies"): the payer pays in the invoice's currency, Stripe settles USD, and the books keep
 * the USD that arrived, in one transfer with both legs of the conversion.
 */

/** Crewpay's default invoice card fee for an invoice in another currency: its 2.9% only (the flat 30¢ is USD). */
const feeOf = (amount: number) => Math.round(amount * 0.029);

async function foreignInvoice(world: World, options: { currency: string; amount: number }) {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  await world.afterActivation();
  const customer = await addCustomer(world.ctx.app, owner.headers);
  const invoice = await sendInvoice(world.ctx.app, owner.headers, { customer_id: customer.id, ...options });
  return { owner, invoice, customer, linkId: (await emailTo(world, customer.email)).linkId };
}

/** The newest email to `to` and the pay link in it. */
async function emailTo(world: World, to: string) {
  const email = (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === to).at(-1);
  const url = email?.links.find((link) => link.includes('/invoices/pay?id='));
  expect(url, `no pay link emailed to ${to}`).toBeDefined();
  return { email: email!, linkId: decodeURIComponent(url!.split('/invoices/pay?id=')[1]!) };
}

/** The organisation's ledger balances in one currency, by kind. */
async function balancesIn(world: World, orgId: string, currency: string) {
  const rows = await world.ctx.deps.db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.org_id, orgId), eq(ledgerAccounts.currency, currency)));
  return Object.fromEntries(rows.filter((row) => row.balance !== 0).map((row) => [row.kind, row.balance]));
}

/** Every transfer of the organisation balances in each currency on its own (the ledger's rule, read back). */
/** What `npm run reconcile` finds wrong with the organisation's books (FX clearing per currency among them). */
async function reconcileProblems(world: World, orgId: string) {
  const reports = await runReconcileChecks(world.ctx.deps);
  return reports.flatMap((report) => report.problems).filter((problem) => (problem as { org_id?: string }).org_id === orgId);
}

async function unbalancedTransfers(world: World, orgId: string) {
  const result = await world.ctx.deps.db.execute(sql`
    SELECT t.id, a.currency, SUM(e.amount) AS total FROM ledger_transfers t
    JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.org_id = ${orgId} GROUP BY t.id, a.currency HAVING SUM(e.amount) <> 0`);
  return result.rows;
}

const CASES = [
  { currency: 'eur', amount: 125_000, shown: '€1,250.00' },
  { currency: 'jpy', amount: 150_000, shown: '¥150,000' },
] as const;

describe.each([
  { name: 'sandbox', start: sandboxWorld },
  { name: 'Stripe fake (SANDBOX=false)', start: liveWorld },
])('an invoice in another currency, paid on the pay page ($name)', ({ name, start }) => {
  let world: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    world = await start();
  });

  it.each(CASES)('$currency: billed and shown in its currency, charged in it, booked at the USD Stripe settled', async (test) => {
    const { owner, invoice, customer, linkId } = await foreignInvoice(world, test);
    expect(invoice).toMatchObject({ amount: test.amount, currency: test.currency });
    // The email, the pay page and the list say the invoice's own amount.
    const { email } = await emailTo(world, customer.email);
    expect(email.text).toContain(test.shown);
    const page = (await world.ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}` })).json();
    expect(page).toMatchObject({ amount: test.amount, currency: test.currency });
    // A bank debit (ACH) is USD only: the page offers the card.
    expect(page.disallowed_methods).toContain('bank');

    const paid = await world.payByCard(linkId, 'succeed');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ charge_type: 'card', amount: test.amount });
    await world.settle();

    const fee = feeOf(test.amount);
    const settled = sandboxUsdSettlement(test.currency, { amount: test.amount, fee })!;
    const [charge] = await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(charge).toMatchObject({
      status: 'succeeded',
      currency: test.currency,
      amount: test.amount,
      fee,
      settled_usd: settled.settled_usd,
      settled_fee_usd: settled.settled_fee_usd,
    });
    expect(Number(charge!.exchange_rate)).toBe(Number(settled.exchange_rate));
    // One transfer with both legs: the invoice's currency into FX clearing, USD out of it into the payments balance.
    const [settlement, ...payout] = await postingsOf(world, owner.org.id, { invoice_id: invoice.id });
    expect(settlement).toEqual({
      type: 'invoice_card_settled',
      entries: {
        outside_bank: -test.amount,
        fx_clearing: test.amount - settled.settled_usd,
        payments_balance: settled.settled_usd - settled.settled_fee_usd,
        fees: settled.settled_fee_usd,
      },
    });
    expect(payout).toEqual([]);
    expect(await unbalancedTransfers(world, owner.org.id)).toEqual([]);
    expect(await balancesIn(world, owner.org.id, test.currency)).toEqual({ outside_bank: -test.amount, fx_clearing: test.amount });
    // The USD that arrived is in the wallet once the payments balance was paid out.
    const usd = await balancesIn(world, owner.org.id, 'usd');
    expect(usd).toMatchObject({
      fx_clearing: -settled.settled_usd,
      fees: settled.settled_fee_usd,
      wallet_available: settled.settled_usd - settled.settled_fee_usd,
    });
    if (name !== 'sandbox') {
      const live = world as Awaited<ReturnType<typeof liveWorld>>;
      const intent = live.stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
      expect(Object.fromEntries(new URLSearchParams(intent.body))).toMatchObject({
        currency: test.currency,
        amount: String(test.amount),
        application_fee_amount: String(fee),
      });
      const books = await expectBooksEqualStripe(live, owner.org.id);
      expect(books.cash).toBe(settled.settled_usd - settled.settled_fee_usd);
    }
    // The paid invoice and its notification say its own amount too.
    const listed = await world.ctx.app.inject({ method: 'GET', url: `/v1/invoices/${invoice.id}`, headers: owner.headers });
    expect(listed.json()).toMatchObject({ status: 'succeeded', currency: test.currency, amount: test.amount });
    const bell = await world.ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: owner.headers });
    expect(bell.json<{ text: string }[]>().map((item) => item.text)).toContain(`An invoice of ${test.shown} was paid`);
  });
});

describe.each([
  { name: 'sandbox', start: sandboxWorld },
  { name: 'Stripe fake (SANDBOX=false)', start: liveWorld },
])('a disputed payment of an invoice in another currency ($name)', ({ name, start }) => {
  let world: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    world = await start();
  });

  it('takes back the dollars Stripe withdrew through FX clearing, and a lost dispute gives back the fee in its settled dollars', async () => {
    const amount = 125_000;
    const { owner, invoice, linkId } = await foreignInvoice(world, { currency: 'eur', amount });
    expect((await world.payByCard(linkId, 'dispute')).statusCode).toBe(200);
    await world.settle();
    const settled = sandboxUsdSettlement('eur', { amount, fee: feeOf(amount) })!;
    const expectBooks = async () => {
      expect(await unbalancedTransfers(world, owner.org.id)).toEqual([]);
      expect(await reconcileProblems(world, owner.org.id)).toEqual([]);
      if (name !== 'sandbox') await expectBooksEqualStripe(world as Awaited<ReturnType<typeof liveWorld>>, owner.org.id);
    };

    // Withdrawn: the euros go back to the payer, the dollars Stripe took leave the organisation; nothing is booked as if euros were cents.
    const [, disputed] = (await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).filter((row) => row.type !== 'balance_payout');
    expect(disputed!.type).toBe('invoice_card_disputed');
    expect(disputed!.entries).toMatchObject({ outside_bank: amount, fx_clearing: settled.settled_usd - amount });
    const taken = Object.entries(disputed!.entries)
      .filter(([kind]) => kind !== 'outside_bank' && kind !== 'fx_clearing')
      .reduce((total, [, value]) => total + value, 0);
    expect(taken).toBe(-settled.settled_usd);
    expect(await balancesIn(world, owner.org.id, 'eur')).toEqual({});
    expect((await balancesIn(world, owner.org.id, 'usd')).fx_clearing).toBeUndefined();
    await expectBooks();
    const bell = await world.ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: owner.headers });
    expect(bell.json<{ text: string }[]>().map((item) => item.text)).toContain(
      "An invoice's payment of €1,250.00 is disputed by the payer's bank",
    );

    // Lost: Crewpay's fee comes back as the dollars it was settled at, not its euro cents.
    await world.loseDispute(owner.org.id, invoice.id);
    const lost = (await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).find((row) => row.type === 'invoice_dispute_lost');
    expect(lost!.entries).toEqual({ fees: -settled.settled_fee_usd, payments_balance: settled.settled_fee_usd });
    expect((await balancesIn(world, owner.org.id, 'usd')).fees).toBeUndefined();
    await world.settle();
    await expectBooks();
  });
});

describe('a won dispute of an invoice in another currency (Stripe fake)', () => {
  let world: Awaited<ReturnType<typeof liveWorld>>;
  beforeAll(async () => {
    world = await liveWorld();
  });

  it('gives back the dollars Stripe reinstated through FX clearing; the books equal Stripe and reconcile finds nothing', async () => {
    const amount = 80_000;
    const { owner, invoice, linkId } = await foreignInvoice(world, { currency: 'gbp', amount });
    expect((await world.payByCard(linkId, 'dispute')).statusCode).toBe(200);
    await world.settle();
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const dispute = world.stripe.payments.state().disputes.find((row) => row.account === stripeAccount)!;
    expect(dispute).toMatchObject({ currency: 'gbp', amount });
    await newStripeClient(world.ctx.deps.config.providers.stripe).disputes.update(
      dispute.id as string,
      { evidence: { uncategorized_text: 'winning_evidence' } },
      { stripeAccount },
    );
    await world.settle();
    const settled = sandboxUsdSettlement('gbp', { amount, fee: feeOf(amount) })!;
    const back = (await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).find(
      (row) => row.type === 'invoice_dispute_reinstated',
    );
    expect(back!.entries).toMatchObject({ outside_bank: -amount, fx_clearing: amount - settled.settled_usd });
    expect(await balancesIn(world, owner.org.id, 'gbp')).toEqual({ outside_bank: -amount, fx_clearing: amount });
    expect(await unbalancedTransfers(world, owner.org.id)).toEqual([]);
    expect(await reconcileProblems(world, owner.org.id)).toEqual([]);
    const books = await expectBooksEqualStripe(world, owner.org.id);
    expect(books.ledger).toMatchObject({ fees: settled.settled_fee_usd, receivable: 0 });
  });
});

describe('invoice currencies: what is refused', () => {
  let world: World;
  beforeAll(async () => {
    world = await sandboxWorld();
  });

  it('an unsupported currency, or an amount under its minimum, is a 400 naming the field; a bank payment or refund of one is refused', async () => {
    const owner = await createOwner(world.ctx.app);
    await activate(world.ctx.app, owner.headers);
    const customer = await addCustomer(world.ctx.app, owner.headers);
    const send = (payload: Record<string, unknown>) =>
      world.ctx.app.inject({
        method: 'POST',
        url: '/v1/invoices',
        headers: owner.headers,
        payload: { customer_id: customer.id, title: 'Spring', description: 'Posts', amount: 10_000, ...payload },
      });
    for (const currency of ['xyz', 'BTC', 'inr', 42, '']) {
      const refused = await send({ currency });
      expect(refused.statusCode, `${String(currency)}: ${refused.body}`).toBe(400);
      expect(refused.body).toContain('Currency must be one of USD, EUR');
      expect(refused.json().error?.field ?? JSON.stringify(refused.json())).toContain('currency');
    }
    const small = await send({ currency: 'sek', amount: 200 });
    expect(small.statusCode, small.body).toBe(400);
    expect(small.body).toContain('Amount is below the minimum for this currency');
    // Upper case is read as the code it is.
    const gbp = await send({ currency: 'GBP', amount: 5_000 });
    expect(gbp.statusCode, gbp.body).toBe(200);
    expect(gbp.json()).toMatchObject({ currency: 'gbp', disallowed_methods: ['bank'] });

    const { linkId } = await emailTo(world, customer.email);
    const byBank = await world.ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}`,
      payload: {
        method: 'bank',
        public_token: 'public-sandbox-abcdefgh',
        account_id: 'acc_1234',
        name: 'Casey Brand',
        mandate_accepted: true,
      },
    });
    expect(byBank.statusCode, byBank.body).toBe(400);
    expect(byBank.body).toContain('This payment method is not accepted for this invoice');

    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    await world.settle();
    const refund = await world.ctx.app.inject({
      method: 'POST',
      url: `/v1/invoices/${gbp.json().id}/refunds`,
      headers: owner.headers,
      payload: { amount: 1_000 },
    });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.body).toContain('cannot be refunded from Crewpay yet');
  });
});

describe('a repeating invoice in another currency', () => {
  let world: World;
  beforeAll(async () => {
    world = await sandboxWorld();
  });

  it('bills each repeat in the template’s currency, shown in it', async () => {
    const { owner, invoice, customer } = await foreignInvoice(world, { currency: 'jpy', amount: 80_000 });
    const today = (await sandboxNow(world.ctx.deps.db)).toISOString().slice(0, 10);
    const schedule = await world.ctx.app.inject({
      method: 'POST',
      url: `/v1/invoices/${invoice.id}/schedule`,
      headers: owner.headers,
      payload: { interval: 'month', every: 1, start_date: today },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(await runInvoiceSchedules(world.ctx.deps)).toBe(1);
    const sent = await world.ctx.deps.db.select().from(invoices).where(eq(invoices.customer_id, customer.id)).orderBy(invoices.seq);
    expect(sent.map((row) => [row.amount, row.currency])).toEqual([
      [80_000, 'jpy'],
      [80_000, 'jpy'],
    ]);
    expect((await emailTo(world, customer.email)).email.text).toContain('¥80,000');
  });
});
