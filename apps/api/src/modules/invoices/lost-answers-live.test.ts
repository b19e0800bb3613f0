import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceToPay, liveWorld, postingsOf, stripeAccountsOf } from '../../../test/worlds.ts';
import { charges, providerCalls } from '../../db/schema/index.ts';
import { MAX_CALL_ATTEMPTS, runDueProviderCalls } from '../provider-calls/index.ts';
import { providerCheck } from '../provider-sync/provider-check.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

const chargeOf = async (invoiceId: string) => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId)))[0]!;
const callOf = async (chargeId: string) =>
  (await world.ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, chargeId)))[0]!;
const intentsOf = (account: string) => world.stripe.payments.state().payment_intents.filter((intent) => intent.account === account);
const creates = () => world.stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');

/** The worker's later tries, each once its backoff has passed (hours apart, past the longest). */
async function tryUntilDone(chargeId: string) {
  for (let hour = 2; (await callOf(chargeId)).status === 'pending' && hour < 2 * (MAX_CALL_ATTEMPTS + 2); hour += 2)
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + hour * 3_600_000) });
}

async function deliver(events: Record<string, unknown>[]) {
  for (const event of events) expect((await world.stripe.deliver(world.ctx.app, event)).statusCode).toBe(200);
}

describe('a lost or replayed Stripe answer never doubles or drops money (SANDBOX=false, on the fake)', () => {
  it('a 500 Stripe saved under the key is replayed to every try; the PaymentIntent is then found by our id and booked once', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 6_000);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const before = creates().length;
    // Stripe charged the card, then answered 500, and keeps that 500 for the key.
    world.stripe.faultAfterWork(/^\/v1\/payment_intents$/, 'saved_500');
    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    // Its events are late (the webhook comes after the worker gave up on the answer).
    const late = world.stripe.takeEvents();
    const charge = await chargeOf(invoice.id);
    await tryUntilDone(charge.id);

    expect(creates().length - before).toBeGreaterThanOrEqual(MAX_CALL_ATTEMPTS);
    expect(intentsOf(stripeAccount)).toHaveLength(1);
    const call = await callOf(charge.id);
    expect(call).toMatchObject({ status: 'succeeded', last_error: null });
    expect((await chargeOf(invoice.id)).provider_id).toBe(intentsOf(stripeAccount)[0]!.id);

    await deliver(late);
    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
    const settled = (await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).filter((posting) =>
      posting.type.startsWith('invoice_card'),
    );
    expect(settled).toHaveLength(1);
    expect((await providerCheck(world.ctx.deps)).problems).toEqual([]);
  });

  it('an answer dropped after Stripe did the work: the next try gets the saved answer, one PaymentIntent, booked once', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 7_000);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    world.stripe.faultAfterWork(/^\/v1\/payment_intents$/, 'drop');
    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    const charge = await chargeOf(invoice.id);
    await tryUntilDone(charge.id);
    // The request went again under the same key (the client's or the worker's retry) and got the answer Stripe kept.
    const sent = creates().filter((request) => request.headers['idempotency-key'] === `payments_in.card_charge:${charge.id}`);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(await callOf(charge.id)).toMatchObject({ status: 'succeeded' });
    expect(intentsOf(stripeAccount)).toHaveLength(1);
    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
    expect(
      (await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).filter((p) => p.type.startsWith('invoice_card')),
    ).toHaveLength(1);
    expect((await providerCheck(world.ctx.deps)).problems).toEqual([]);
  });

  it('a 500 with nothing done at Stripe is looked up, not found, and the charge fails: the invoice stays open for another try', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 8_000);
    const { stripeAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    // Stripe broke down before charging, and replays its 500 to every try under the key.
    world.stripe.faultAfterWork(/^\/v1\/payment_intents$/, 'failed_500');
    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    const charge = await chargeOf(invoice.id);
    await tryUntilDone(charge.id);
    expect(intentsOf(stripeAccount)).toHaveLength(0);
    expect(await callOf(charge.id)).toMatchObject({ status: 'failed', last_error: 'stripe_unavailable' });
    expect((await chargeOf(invoice.id)).status).toBe('failed');
    // The lookup listed the account's PaymentIntents by our charge id.
    expect(world.stripe.requests.some((request) => request.method === 'GET' && request.path === '/v1/payment_intents')).toBe(true);
  });
});
