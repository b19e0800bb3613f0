import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, providerCalls, providerEvents } from '../../db/schema/index.ts';
import { runDueProviderCalls } from '../../modules/provider-calls/index.ts';
import { invoiceToPay, postingsOf, liveWorld } from '../../../test/worlds.ts';
import { stripeClient } from '../clients/stripe-client.ts';
import { stripeDomainEvents } from '../webhooks/stripe-events.ts';
import { createStripePaymentsIn } from './stripe-payments-in.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

const chargeOf = async (invoiceId: string) => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId)))[0]!;
const callOf = async (chargeId: string) =>
  (await world.ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, chargeId)))[0]!;
const settled = (amount: number, fee: number) => ({
  type: 'invoice_card_settled',
  entries: { fees: fee, outside_bank: -amount, wallet_available: amount - fee },
});

describe('Stripe card payments (PaymentIntents) on the fake', () => {
  it('confirms a PaymentIntent with our ids as metadata and the outbox key as Idempotency-Key; the card is described by its PaymentMethod', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 5_000);
    expect((await world.payByCard(linkId, 'succeed')).json()).toEqual({ status: 'pending', charge_type: 'card', amount: 5_000 });
    const charge = await chargeOf(invoice.id);
    expect(charge.method_label).toBe('Visa •••• 4242');
    const create = world.stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
    expect(create.headers['idempotency-key']).toBe(`payments_in.card_charge:${charge.id}`);
    const body = new URLSearchParams(create.body);
    expect(body.get('metadata[org_id]')).toBe(owner.org.id);
    expect(body.get('metadata[charge_id]')).toBe(charge.id);
    expect(body.get('confirm')).toBe('true');
    expect(body.get('payment_method')).toBe('pm_card_visa');
    expect(charge.provider_id).toMatch(/^pi_/);
    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
  });

  it('records a declined card as failed with Stripe decline code', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    await world.payByCard(linkId, 'decline');
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'failed', failure_reason: 'generic_decline' });
  });

  it('refuses a webhook with a wrong or stale signature, and ignores objects without our metadata', async () => {
    const { linkId } = await invoiceToPay(world, 5_000);
    await world.payByCard(linkId, 'succeed');
    const [event] = world.stripe.takeEvents();
    const wrong = await world.stripe.deliver(world.ctx.app, event!, { secret: 'whsec_not_ours' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid signature');
    const stale = await world.stripe.deliver(world.ctx.app, event!, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const foreign = { ...event!, id: 'evt_foreign', data: { object: { ...(event!.data as { object: object }).object, metadata: {} } } };
    expect((await world.stripe.deliver(world.ctx.app, foreign)).json()).toMatchObject({ received: 0 });
    expect((await world.stripe.deliver(world.ctx.app, event!)).statusCode).toBe(200);
  });

  it('stores a duplicated event once: one settlement', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 8_000);
    await world.payByCard(linkId, 'succeed');
    const [succeeded] = world.stripe.takeEvents();
    for (let i = 0; i < 2; i += 1) expect((await world.stripe.deliver(world.ctx.app, succeeded!)).statusCode).toBe(200);
    const stored = await world.ctx.deps.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.id, succeeded!.id as string));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'stripe', type: 'charge.succeeded' });
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([settled(8_000, 262)]);
  });

  it('applies a dispute that overtakes its payment once the payment has settled (state guards)', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 10_000);
    await world.payByCard(linkId, 'dispute');
    const [succeeded, disputed] = world.stripe.takeEvents();
    expect(disputed!.type).toBe('charge.dispute.created');
    expect((await world.stripe.deliver(world.ctx.app, disputed!)).json()).toMatchObject({ stored: 1, applied: 0 });
    expect((await chargeOf(invoice.id)).status).toBe('pending');
    expect((await world.stripe.deliver(world.ctx.app, succeeded!)).json()).toMatchObject({ stored: 1, applied: 2 });
    expect((await chargeOf(invoice.id)).status).toBe('reversed');
    expect((await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).map((posting) => posting.type)).toEqual([
      'invoice_card_settled',
      'invoice_card_disputed',
    ]);
  });

  it('waits as long as a 429 Retry-After asks, then makes the same call again with the same key', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    world.stripe.failNext(/^\/v1\/payment_intents$/, {
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } },
    });
    const started = Date.now();
    expect((await world.payByCard(linkId, 'succeed')).json().status).toBe('pending');
    const charge = await chargeOf(invoice.id);
    const waiting = await callOf(charge.id);
    expect(waiting).toMatchObject({ status: 'pending', last_error: 'rate_limit' });
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThanOrEqual(started + 120_000);
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 60_000) });
    expect((await callOf(charge.id)).status).toBe('pending');
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 121_000) });
    expect((await callOf(charge.id)).status).toBe('succeeded');
    const keys = world.stripe.requests
      .filter((request) => request.path === '/v1/payment_intents')
      .slice(-2)
      .map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([`payments_in.card_charge:${charge.id}`, `payments_in.card_charge:${charge.id}`]);
  });

  it('tries a 500 again after the backoff and succeeds', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    world.stripe.failNext(/^\/v1\/payment_intents$/, {
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong' } },
    });
    await world.payByCard(linkId, 'succeed');
    const charge = await chargeOf(invoice.id);
    expect(await callOf(charge.id)).toMatchObject({ status: 'pending', last_error: 'stripe_unavailable' });
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 31_000) });
    expect(await callOf(charge.id)).toMatchObject({ status: 'succeeded' });
    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
  });
});

describe('Stripe ACH Direct Debit (us_bank_account PaymentIntents) on the fake', () => {
  const orgId = '7d1f5bde-2a43-4f4c-9a0e-6f0e1f6a1c11';
  const metadata = { charge_id: '0b9c2f7e-3f43-4d0e-8b8a-5b1f2f1e0c22', invoice_id: '5c3a8f3d-2d9e-4e5b-9e6b-0a7d3c9b1d33' };

  it('debits with the bank numbers and an offline mandate; a settled then returned debit maps onto charge.succeeded then charge.ach_returned', async () => {
    const settings = world.ctx.deps.config.providers.stripe;
    const provider = createStripePaymentsIn(settings);
    const answer = await provider.debitBank({
      org_id: orgId,
      amount: 20_000,
      account_number: '000555555559',
      routing_number: '110000000',
      idempotency_key: 'ach-1',
      metadata,
    });
    expect(answer.status).toBe('processing');
    const body = new URLSearchParams(world.stripe.requests.at(-1)!.body);
    expect(body.get('payment_method_data[us_bank_account][account_number]')).toBe('000555555559');
    expect(body.get('mandate_data[customer_acceptance][type]')).toBe('offline');
    expect(body.get('allowed_payment_method_types[0]')).toBe('us_bank_account');
    const events = world.stripe.takeEvents() as unknown as Stripe.Event[];
    const mapped = await Promise.all(events.map((event) => stripeDomainEvents(stripeClient(settings), world.ctx.deps, event)));
    expect(mapped.flat().map((event) => [event.type, event.object_id, event.data])).toEqual([
      ['charge.succeeded', answer.provider_id, metadata],
      ['charge.ach_returned', answer.provider_id, { ...metadata, reason: 'debit_not_authorized' }],
    ]);
  });

  it('maps a failed debit onto charge.failed with the reason', async () => {
    const settings = world.ctx.deps.config.providers.stripe;
    await createStripePaymentsIn(settings).debitBank({
      org_id: orgId,
      amount: 1_000,
      account_number: '000222222227',
      routing_number: '110000000',
      idempotency_key: 'ach-2',
      metadata,
    });
    const [failed] = world.stripe.takeEvents() as unknown as Stripe.Event[];
    expect(await stripeDomainEvents(stripeClient(settings), world.ctx.deps, failed!)).toEqual([
      {
        id: failed!.id,
        type: 'charge.failed',
        org_id: orgId,
        object_id: expect.stringMatching(/^pi_/),
        data: { ...metadata, reason: 'insufficient_funds' },
      },
    ]);
  });

  it('answers the first answer again for a repeated idempotency key', async () => {
    const provider = createStripePaymentsIn(world.ctx.deps.config.providers.stripe);
    const options = {
      org_id: orgId,
      amount: 1_000,
      account_number: '000123456789',
      routing_number: '110000000',
      idempotency_key: 'ach-3',
      metadata,
    };
    const first = await provider.debitBank(options);
    expect(await provider.debitBank(options)).toEqual(first);
    expect(world.stripe.takeEvents()).toHaveLength(1);
  });
});
