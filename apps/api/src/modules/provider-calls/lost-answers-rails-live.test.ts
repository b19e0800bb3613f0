import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankPayout, invoiceToPay, liveWorld, paypalPayout, postingsOf, stripeAccountsOf } from '../../../test/worlds.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { chargeRefunds, payments, providerCalls, treasuryTransactions, type ProviderCall } from '../../db/schema/index.ts';
import { MAX_CALL_ATTEMPTS, runDueProviderCalls } from './index.ts';
import { providerCheck } from '../provider-sync/provider-check.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});
// Every PayPal request and answer followed PayPal's description.
afterEach(() => expect(world.paypal.problems.splice(0)).toEqual([]));

const db = () => world.ctx.deps.db;
const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
/** The payouts call that carries this payment (a bank payout's own, or a PayPal batch's). */
const payoutCallOf = async (paymentId: string): Promise<ProviderCall> =>
  (
    await db()
      .select()
      .from(providerCalls)
      .where(sql`${providerCalls.request} @> ${JSON.stringify({ payouts: [{ payment_id: paymentId }] })}::jsonb`)
  )[0]!;
const callById = async (id: string) => (await db().select().from(providerCalls).where(eq(providerCalls.id, id)))[0]!;

/** The worker's later tries, each once its backoff has passed (hours apart, past the longest). */
async function tryUntilDone(callId: string) {
  for (let hour = 2; (await callById(callId)).status === 'pending' && hour < 2 * (MAX_CALL_ATTEMPTS + 2); hour += 2)
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + hour * 3_600_000) });
}

const outboundPaymentsWith = (key: string, value: string) =>
  (world.stripe.treasury.module.state!().outbound_payments as { id: string; metadata: Record<string, string> }[]).filter(
    (payment) => payment.metadata[key] === value,
  );

describe('a lost or replayed answer of a money call is looked up before the call fails (SANDBOX=false, on the fakes)', () => {
  it('a bank payout: Stripe made the OutboundPayment and replays its saved 500; it is found by our payment id, paid once', async () => {
    // Stripe made the payout's OutboundPayment, then answered 500 and keeps that 500 for the key.
    world.stripe.faultAfterWork(/^\/v1\/treasury\/outbound_payments$/, 'saved_500', (params) =>
      Boolean((params.metadata as Record<string, string> | undefined)?.payment_id),
    );
    const { owner, payment } = await bankPayout(world, '000123456789', 5_000);
    const call = await payoutCallOf(payment.id);
    await tryUntilDone(call.id);

    const made = outboundPaymentsWith('payment_id', payment.id);
    expect(made).toHaveLength(1);
    expect(await callById(call.id)).toMatchObject({ status: 'succeeded', last_error: null });
    expect((await paymentOf(payment.id)).stripe_reference_id).toBe(made[0]!.id);
    // The lookup listed the financial account's OutboundPayments.
    const { financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    expect(
      world.stripe.requests.some(
        (request) =>
          request.method === 'GET' &&
          request.path === '/v1/treasury/outbound_payments' &&
          request.query.get('financial_account') === financialAccount,
      ),
    ).toBe(true);

    await world.settle();
    expect((await paymentOf(payment.id)).status).toBe('succeeded');
    expect(await postingsOf(world, owner.org.id, { payment_id: payment.id })).toContainEqual({
      type: 'payment_succeeded',
      entries: { outside_bank: 5_000, wallet_held: -5_000 },
    });
    expect((await providerCheck(world.ctx.deps)).problems).toEqual([]);
  });

  it('an ACH debit into the wallet: the InboundTransfer Stripe made behind a saved 500 is found by our transaction id, not failed', async () => {
    const owner = await createOwner(world.ctx.app);
    await activate(world.ctx.app, owner.headers);
    await world.afterActivation();
    const paymentMethod = await world.linkBank({ headers: owner.headers, email: owner.user.email, org_id: owner.org.id }, '000123456789');
    world.stripe.faultAfterWork(/^\/v1\/treasury\/inbound_transfers$/, 'saved_500');
    const debit = await world.ctx.app.inject({
      method: 'POST',
      url: '/v1/treasury/ach_debit',
      headers: owner.headers,
      payload: { amount: 10_000, payment_method: paymentMethod },
    });
    expect(debit.statusCode, debit.body).toBe(200);
    const [row] = await db()
      .select()
      .from(treasuryTransactions)
      .where(sql`${treasuryTransactions.org_id} = ${owner.org.id} AND ${treasuryTransactions.flow_type} = 'inbound_transfer'`);
    const call = (await db().select().from(providerCalls).where(eq(providerCalls.subject_id, row!.id)))[0]!;
    await tryUntilDone(call.id);

    const made = (world.stripe.treasury.module.state!().inbound_transfers as { id: string; metadata?: Record<string, string> }[]).filter(
      (transfer) => transfer.metadata?.treasury_transaction_id === row!.id,
    );
    expect(made).toHaveLength(1);
    expect(await callById(call.id)).toMatchObject({ status: 'succeeded' });
    const [after] = await db().select().from(treasuryTransactions).where(eq(treasuryTransactions.id, row!.id));
    expect(after).toMatchObject({ status: 'processing', provider_id: made[0]!.id });
    await world.settle();
    const [settled] = await db().select().from(treasuryTransactions).where(eq(treasuryTransactions.id, row!.id));
    expect(settled!.status).toBe('succeeded');
    expect((await providerCheck(world.ctx.deps)).problems).toEqual([]);
  });

  it('a PayPal batch: PayPal made it and replays its saved 500; it is found by our sender_batch_id (the duplicate’s link), paid once', async () => {
    world.paypal.faultAfterWork('saved_500');
    const { owner, payment } = await paypalPayout(world, 'ava.agent@example.com', 4_000);
    const call = await payoutCallOf(payment.id);
    await tryUntilDone(call.id);

    const batches = world.paypal.state().batches.filter((batch) => batch.items.some((item) => item.receiver === 'ava.agent@example.com'));
    expect(batches).toHaveLength(1);
    expect(await callById(call.id)).toMatchObject({ status: 'succeeded', last_error: null });
    expect((await paymentOf(payment.id)).stripe_reference_id).toBe(batches[0]!.items[0]!.payout_item_id);
    await world.settle();
    expect((await paymentOf(payment.id)).status).toBe('succeeded');
    expect((await postingsOf(world, owner.org.id, { payment_id: payment.id })).filter((p) => p.type === 'payment_failed')).toEqual([]);
  });

  it('a PayPal batch whose answer was lost: the next try is refused as a duplicate and follows its link to the batch, not failing the payment', async () => {
    world.paypal.faultAfterWork('lost_500');
    const { payment } = await paypalPayout(world, 'bea.agent@example.com', 3_000);
    const call = await payoutCallOf(payment.id);
    await tryUntilDone(call.id);

    const batches = world.paypal.state().batches.filter((batch) => batch.items.some((item) => item.receiver === 'bea.agent@example.com'));
    expect(batches).toHaveLength(1);
    expect(await callById(call.id)).toMatchObject({ status: 'succeeded' });
    await world.settle();
    expect((await paymentOf(payment.id)).status).toBe('succeeded');
  });

  it('a refund: the Refund Stripe made behind a saved 500 is found by our refund id; the money it held is not given back to the wallet', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 9_000);
    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    await world.settle();
    world.stripe.faultAfterWork(/^\/v1\/refunds$/, 'saved_500');
    const asked = await world.ctx.app.inject({
      method: 'POST',
      url: `/v1/invoices/${invoice.id}/refunds`,
      headers: owner.headers,
      payload: { amount: 3_000, reason: 'requested_by_customer' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const call = (await db().select().from(providerCalls).where(eq(providerCalls.subject_id, asked.json().id)))[0]!;
    await tryUntilDone(call.id);

    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const made = world.stripe.payments
      .state()
      .refunds.filter(
        (refund) => refund.account === stripeAccount && (refund.metadata as Record<string, string>).refund_id === asked.json().id,
      );
    expect(made).toHaveLength(1);
    expect(await callById(call.id)).toMatchObject({ status: 'succeeded' });
    const [row] = await db().select().from(chargeRefunds).where(eq(chargeRefunds.id, asked.json().id));
    expect(row!.provider_id).toBe(made[0]!.id);
    await world.settle();
    const [after] = await db().select().from(chargeRefunds).where(eq(chargeRefunds.id, asked.json().id));
    expect(after!.status).toBe('succeeded');
    expect((await postingsOf(world, owner.org.id, { refund_id: asked.json().id })).map((p) => p.type)).not.toContain('release');
    expect((await providerCheck(world.ctx.deps)).problems).toEqual([]);
  });
});
