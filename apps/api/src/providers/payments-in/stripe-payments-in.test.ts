import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, notifications, providerCalls, providerEvents } from '../../db/schema/index.ts';
import { runDueProviderCalls } from '../../modules/provider-calls/index.ts';
import { invoiceToPay, postingsOf, liveWorld, stripeAccountsOf } from '../../../test/worlds.ts';
import { expectBooksEqualStripe } from '../../../test/books.ts';
import { listOutbox } from '../../modules/email/index.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

const chargeOf = async (invoiceId: string) => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId)))[0]!;
const callOf = async (chargeId: string) =>
  (await world.ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, chargeId)))[0]!;
const settled = (amount: number, fee: number) => ({
  type: 'invoice_card_settled',
  entries: { fees: fee, outside_bank: -amount, payments_balance: amount - fee },
});
const linkOf = async (linkId: string) =>
  (await world.ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}` })).json();
const receiptsTo = async (email: string) =>
  (await listOutbox(world.ctx.deps.db, { limit: 1000 })).filter((item) => item.to === email && item.subject.startsWith('Receipt'));
const takeOf = (type: string) => world.stripe.takeEvents().filter((event) => event.type === type);

describe('invoice card payments: direct charges on the organisation’s Stripe account (fake)', () => {
  it("charges on the organisation's own account with Crewpay's fee as application fee; the money reaches its wallet; the books equal Stripe's", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 5_000);
    expect((await world.payByCard(linkId, 'succeed')).json()).toMatchObject({ status: 'pending', charge_type: 'card', amount: 5_000 });
    const charge = await chargeOf(invoice.id);
    expect(charge.method_label).toBe('Visa •••• 4242');
    const { stripeAccount, financialAccount } = await stripeAccountsOf(world.ctx, owner.org.id);
    const create = world.stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
    expect(create.headers['stripe-account']).toBe(stripeAccount);
    expect(create.headers['idempotency-key']).toBe(`payments_in.card_charge:${charge.id}`);
    const body = new URLSearchParams(create.body);
    expect(Object.fromEntries([...body].filter(([key]) => !key.startsWith('metadata')))).toMatchObject({
      amount: '5000',
      application_fee_amount: '175',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      use_stripe_sdk: 'true',
    });
    expect(body.get('metadata[org_id]')).toBe(owner.org.id);
    expect(body.get('metadata[charge_id]')).toBe(charge.id);
    // Its payouts go to its own financial account: set once as the default external account.
    const external = world.stripe.requests.filter((request) => request.path === `/v1/accounts/${stripeAccount}/external_accounts`);
    expect(external.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(await receiptsTo(invoice.customer_email)).toEqual([]);

    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
    expect(await receiptsTo(invoice.customer_email)).toHaveLength(1);
    // After the payout schedule ran: the payments balance is in the financial account, Crewpay's fee with the platform.
    const books = await expectBooksEqualStripe(world, owner.org.id);
    expect(books.cash).toBe(5_000 - 175);
    expect(world.stripe.treasury.cashOf(financialAccount)).toBe(5_000 - 175);
    expect(books.payments).toEqual({ available: 0, pending: 0 });
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([settled(5_000, 175)]);
  });

  it('a 3-D Secure card waits for the payer (no failure): the link gives the client secret, completing it settles the invoice', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 12_000);
    const paid = (await world.payByCard(linkId, 'authenticate')).json();
    expect(paid).toMatchObject({ status: 'pending', next_action: 'authenticate', failure_reason: null });
    expect(paid.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect((await linkOf(linkId)).payment).toMatchObject({
      status: 'pending',
      next_action: 'authenticate',
      client_secret: paid.client_secret,
    });
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'pending', next_action: 'authenticate' });
    // The secret is sealed where we keep it: not in the outbox's record of the call.
    expect(JSON.stringify((await callOf((await chargeOf(invoice.id)).id)).response)).not.toContain(paid.client_secret);
    // Paying again while the step is open charges nothing more: the same attempt is answered.
    expect((await world.payByCard(linkId, 'succeed')).json()).toMatchObject({ next_action: 'authenticate' });
    await world.settle();
    expect((await chargeOf(invoice.id)).status).toBe('pending');
    expect(await receiptsTo(invoice.customer_email)).toEqual([]);

    await world.authenticate(linkId, 'complete');
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'succeeded', next_action: null, next_action_sealed: null });
    expect((await linkOf(linkId)).payment).toMatchObject({ status: 'succeeded', client_secret: null });
    expect(await receiptsTo(invoice.customer_email)).toHaveLength(1);
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([settled(12_000, 378)]);
    await expectBooksEqualStripe(world, owner.org.id);
  });

  it('a failed 3-D Secure step fails the charge with its reason, tells the organisation, sends no receipt, and the link takes another card', async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 6_000);
    await world.payByCard(linkId, 'authenticate');
    await world.authenticate(linkId, 'fail');
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'failed', failure_reason: 'payment_intent_authentication_failure' });
    expect((await linkOf(linkId)).payment).toMatchObject({ status: 'failed', failure_reason: 'payment_intent_authentication_failure' });
    const told = await world.ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(told.map((note) => note.text)).toContain("An invoice's payment of $60.00 failed: the invoice is still open");
    expect(await receiptsTo(invoice.customer_email)).toEqual([]);
    expect((await world.payByCard(linkId, 'succeed')).json().status).toBe('pending');
    await world.settle();
    expect((await linkOf(linkId)).payment.status).toBe('succeeded');
    await expectBooksEqualStripe(world, owner.org.id);
  });

  it("records a declined card as failed with Stripe's decline code, posts nothing", async () => {
    const { owner, invoice, linkId } = await invoiceToPay(world, 5_000);
    expect((await world.payByCard(linkId, 'decline')).json()).toMatchObject({ status: 'failed', failure_reason: 'generic_decline' });
    await world.settle();
    expect(await chargeOf(invoice.id)).toMatchObject({ status: 'failed', failure_reason: 'generic_decline' });
    expect(await postingsOf(world, owner.org.id, { invoice_id: invoice.id })).toEqual([]);
    await expectBooksEqualStripe(world, owner.org.id);
  });

  it('refuses a webhook with a wrong or stale signature, and ignores objects without our metadata', async () => {
    const { linkId } = await invoiceToPay(world, 5_000);
    await world.payByCard(linkId, 'succeed');
    const [event] = takeOf('payment_intent.succeeded');
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
    const [succeeded] = takeOf('payment_intent.succeeded');
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
    const events = world.stripe.takeEvents();
    const succeeded = events.find((event) => event.type === 'payment_intent.succeeded')!;
    const disputed = events.filter((event) => String(event.type).startsWith('charge.dispute.'));
    expect(disputed.map((event) => event.type)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    for (const event of disputed)
      expect((await world.stripe.deliver(world.ctx.app, event)).json()).toMatchObject({ stored: 1, applied: 0 });
    expect((await chargeOf(invoice.id)).status).toBe('pending');
    expect((await world.stripe.deliver(world.ctx.app, succeeded)).json()).toMatchObject({ stored: 1, applied: 3 });
    expect((await chargeOf(invoice.id)).status).toBe('succeeded');
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
