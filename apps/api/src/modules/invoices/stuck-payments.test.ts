import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceToPay, liveWorld, postingsOf, sandboxWorld, stripeAccountsOf, type World } from '../../../test/worlds.ts';
import { charges, invoices, providerCalls, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';
import { authenticateSandboxCharge } from '../../providers/payments-in/index.ts';
import { MAX_CALL_ATTEMPTS, runDueProviderCalls } from '../provider-calls/index.ts';
import { cancelStuckCharges } from './charge-cancels.ts';

type Live = Awaited<ReturnType<typeof liveWorld>>;
const worlds: [string, () => Promise<World>][] = [
  ['the sandbox', sandboxWorld],
  ['Stripe (SANDBOX=false, on the fake)', liveWorld],
];

describe.each(worlds)('stuck payments on %s', (_name, start) => {
  let world: World;
  beforeAll(async () => {
    world = await start();
  });

  const chargesOf = (invoiceId: string) => world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId));
  const invoiceStatus = async (invoiceId: string) =>
    (await world.ctx.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status;
  /** What the provider holds of the PaymentIntent: the sandbox's row, or the fake Stripe's. */
  const providerStatus = async (providerId: string) => {
    const live = (world as Partial<Live>).stripe;
    if (live) return live.payments.state().payment_intents.find((intent) => intent.id === providerId)?.status;
    return (await world.ctx.deps.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, providerId)))[0]?.status;
  };
  /** Time passes on the sandbox clock, then the stuck-payments job runs (and the calls it recorded). */
  async function later(minutes: number) {
    await advanceSandboxClock(world.ctx.deps.db, minutes * 60);
    await cancelStuckCharges(world.ctx.deps);
    await runDueProviderCalls(world.ctx.deps);
  }
  const anotherMethod = (linkId: string) =>
    world.ctx.app.inject({ method: 'POST', url: `/v1/invoices/pay/another_method?id=${encodeURIComponent(linkId)}` });
  const settledPostings = async (orgId: string, invoiceId: string) =>
    (await postingsOf(world, orgId, { invoice_id: invoiceId })).filter((posting) => posting.type.startsWith('invoice_card'));

  it('an abandoned 3-D Secure step is canceled by the job after an hour, not before; the invoice stays open, the ledger untouched, and it is paid once by another card', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 5_500);
    const paid = await world.payByCard(linkId, 'authenticate');
    expect(paid.json(), paid.body).toMatchObject({ status: 'pending', next_action: 'authenticate' });
    const [waiting] = await chargesOf(invoice.id);

    await later(59);
    expect((await chargesOf(invoice.id))[0]).toMatchObject({ status: 'pending', next_action: 'authenticate' });
    expect(await providerStatus(waiting!.provider_id!)).toBe('requires_action');

    await later(2);
    expect((await chargesOf(invoice.id))[0]).toMatchObject({ status: 'failed', failure_reason: 'canceled', next_action: null });
    expect(await providerStatus(waiting!.provider_id!)).toBe('canceled');
    const live = (world as Partial<Live>).stripe;
    if (live) {
      const cancel = live.requests.find((request) => request.path === `/v1/payment_intents/${waiting!.provider_id}/cancel`);
      expect(cancel?.body).toContain('cancellation_reason=abandoned');
      expect(cancel?.headers['idempotency-key']).toBe(`payments_in.cancel_charge:${waiting!.id}`);
    }
    // Its payment_intent.canceled event arrives: nothing changes again.
    await world.settle();
    expect(await chargesOf(invoice.id)).toMatchObject([{ status: 'failed', failure_reason: 'canceled' }]);
    expect(await invoiceStatus(invoice.id)).toBe('requires_info');
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([]);
    const link = await world.ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}` });
    expect(link.json().payment).toMatchObject({ status: 'failed', failure_reason: 'canceled', client_secret: null });

    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    await world.settle();
    expect(await invoiceStatus(invoice.id)).toBe('succeeded');
    expect(await settledPostings(owner.org.id, invoice.id)).toHaveLength(1);
  });

  it('the payer choosing another method cancels the waiting payment at once; the new one is paid once', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 6_500);
    await world.payByCard(linkId, 'authenticate');
    const [waiting] = await chargesOf(invoice.id);
    // Paying again while the step waits answers that step (a double click charges once) ...
    expect((await world.payByCard(linkId, 'succeed')).json()).toMatchObject({ status: 'pending', next_action: 'authenticate' });
    // ... until the payer chooses another way.
    const left = await anotherMethod(linkId);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ status: 'failed', failure_reason: 'canceled', client_secret: null });
    expect(await providerStatus(waiting!.provider_id!)).toBe('canceled');
    const again = await anotherMethod(linkId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('No payment is waiting for you: choose how to pay below');

    const paid = await world.payByCard(linkId, 'succeed');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ next_action: null, failure_reason: null });
    await world.settle();
    expect(await invoiceStatus(invoice.id)).toBe('succeeded');
    expect((await chargesOf(invoice.id)).map((charge) => charge.status).sort()).toEqual(['failed', 'succeeded']);
    expect(await settledPostings(owner.org.id, invoice.id)).toHaveLength(1);
  });

  it('a payment the payer completed meanwhile is not canceled: the invoice is paid once', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 7_500);
    const answer = (await world.payByCard(linkId, 'authenticate')).json<{ client_secret: string }>();
    const [waiting] = await chargesOf(invoice.id);
    // The payer finishes 3-D Secure at the provider; its outcome has not reached us yet.
    const live = (world as Partial<Live>).stripe;
    if (live) live.payments.authenticate(waiting!.provider_id!, 'complete');
    else await authenticateSandboxCharge(world.ctx.deps, { client_secret: answer.client_secret, outcome: 'complete' });

    await later(61);
    expect(await providerStatus(waiting!.provider_id!)).toBe('succeeded');
    expect((await chargesOf(invoice.id))[0]!.status).not.toBe('failed');
    if (live) expect((await chargesOf(invoice.id))[0]).toMatchObject({ status: 'pending', next_action: null });
    await world.settle();
    expect(await chargesOf(invoice.id)).toMatchObject([{ status: 'succeeded' }]);
    expect(await invoiceStatus(invoice.id)).toBe('succeeded');
    expect(await settledPostings(owner.org.id, invoice.id)).toHaveLength(1);
  });
});

describe('a cancel whose answer is lost (SANDBOX=false, on the fake)', () => {
  let world: Live;
  beforeAll(async () => {
    world = await liveWorld();
  });

  it('Stripe canceled, then keeps answering a saved 500: the PaymentIntent is looked up, found canceled, and the invoice is payable again', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 8_500);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    await world.payByCard(linkId, 'authenticate');
    const [waiting] = await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    world.stripe.faultAfterWork(/^\/v1\/payment_intents\/[^/]+\/cancel$/, 'saved_500');
    await world.ctx.app.inject({ method: 'POST', url: `/v1/invoices/pay/another_method?id=${encodeURIComponent(linkId)}` });
    const callOf = async () =>
      (
        await world.ctx.deps.db
          .select()
          .from(providerCalls)
          .where(eq(providerCalls.idempotency_key, `payments_in.cancel_charge:${waiting!.id}`))
      )[0]!;
    for (let hour = 2; (await callOf()).status === 'pending' && hour < 2 * (MAX_CALL_ATTEMPTS + 2); hour += 2)
      await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + hour * 3_600_000) });
    expect(await callOf()).toMatchObject({ status: 'succeeded' });
    const intent = world.stripe.payments.state().payment_intents.find((candidate) => candidate.id === waiting!.provider_id);
    expect(intent).toMatchObject({ status: 'canceled', account: stripeAccount });
    expect((await world.ctx.deps.db.select().from(charges).where(eq(charges.id, waiting!.id)))[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'canceled',
    });
    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    await world.settle();
    expect(
      (await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).filter((posting) => posting.type.startsWith('invoice_card')),
    ).toHaveLength(1);
  });

  it("a bank typed by hand whose micro-deposits are never verified is canceled after Stripe's 10 days, not before", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 9_500);
    const paid = await world.payByBankLink(linkId, '000123456789', { manual_entry: true });
    expect(paid.json(), paid.body).toMatchObject({ status: 'pending', next_action: 'verify_bank' });
    const chargeOf = async () => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoice.id)))[0]!;
    const later = async (minutes: number) => {
      await advanceSandboxClock(world.ctx.deps.db, minutes * 60);
      await cancelStuckCharges(world.ctx.deps);
      await runDueProviderCalls(world.ctx.deps);
    };
    await later(10 * 24 * 60 - 1);
    expect(await chargeOf()).toMatchObject({ status: 'pending', next_action: 'verify_bank' });
    await later(2);
    expect(await chargeOf()).toMatchObject({ status: 'failed', failure_reason: 'canceled' });
    const { provider_id: providerId } = await chargeOf();
    const intent = world.stripe.payments.state().payment_intents.find((candidate) => candidate.id === providerId);
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    await world.settle();
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([]);
  });
});
