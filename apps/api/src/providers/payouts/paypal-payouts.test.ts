import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments, providerCalls, providerEvents } from '../../db/schema/index.ts';
import { runDueProviderCalls } from '../../modules/provider-calls/index.ts';
import { liveWorld, paypalPayout, postingsOf } from '../../../test/worlds.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { connectPaypal } from '../../../test/paypal-fixtures.ts';
import { PAYPAL_FAKE_PARTNER } from '../../../fakes/paypal-fake.ts';
import { createPaypalPayouts, readSenderItemId, senderItemId } from './paypal-payouts.ts';
import type { PayoutRequest } from './types.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});
// Every request Crewpay made and every answer the fake gave followed PayPal's official descriptions.
afterEach(() => expect(world.paypal.problems.splice(0)).toEqual([]));

const ORG = '1f0e9d8c-7b6a-4594-8372-6150a4b3c2d1';
const request = (
  index: number,
  destination: PayoutRequest['destination'] = { method: 'paypal', paypal_email: `payee${index}@example.com` },
) => ({
  payment_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  amount: 5_000 + index,
  destination,
});
const paymentOf = async (id: string) => (await world.ctx.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const callOf = async (orgId: string) => (await world.ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.org_id, orgId)))[0]!;
const paths = (path: string) => world.paypal.requests.filter((entry) => entry.path === path);
const claims = (assertion: unknown) =>
  String(assertion)
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));

/** An organisation whose own PayPal account is connected; answers its id and the account's payer id. */
async function connectedOrg() {
  const owner = await createOwner(world.ctx.app, { orgName: 'Acme Creators' });
  const { merchantId } = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
  return { orgId: owner.org.id, merchantId: merchantId!, headers: owner.headers };
}
const balanceOf = (merchantId: string) => world.paypal.state().merchants.find((merchant) => merchant.merchant_id === merchantId)!.balance;

describe('PayPal Payouts adapter on the fake', () => {
  it('carries our ids in sender_item_id (63 characters at most) and reads them back', () => {
    const id = senderItemId(ORG, request(7).payment_id);
    expect(id.length).toBeLessThanOrEqual(63);
    expect(readSenderItemId(id)).toEqual({ org_id: ORG, payment_id: request(7).payment_id });
    expect(readSenderItemId('not ours')).toBeNull();
  });

  it("pays one batch from the organisation's own PayPal account (its PayPal-Auth-Assertion), Venmo with its note, answers each item id; a repeat answers the same", async () => {
    const { orgId, merchantId } = await connectedOrg();
    const platformBefore = world.paypal.state().partner.balance;
    const merchantBefore = balanceOf(merchantId);
    const tokensBefore = paths('/v1/oauth2/token').length;
    const provider = createPaypalPayouts(world.ctx.deps);
    const items = [request(1), request(2, { method: 'venmo', venmo_phone_number: '+15125550123' })];
    const started = await provider.createPayouts({ org_id: orgId, idempotency_key: 'payouts:batch-1', payouts: items });
    expect(started.map((payout) => payout.payment_id)).toEqual(items.map((item) => item.payment_id));
    expect(started.every((payout) => /^[2-9A-HJ-NP-Z]{13}$/.test(payout.payout_id ?? ''))).toBe(true);
    const create = paths('/v1/payments/payouts').at(-1)!;
    expect(create.headers['paypal-request-id']).toBe('payouts:batch-1');
    expect(create.headers['paypal-partner-attribution-id']).toBe(PAYPAL_FAKE_PARTNER.attributionId);
    expect(claims(create.headers['paypal-auth-assertion'])).toEqual([
      { alg: 'none' },
      { iss: PAYPAL_FAKE_PARTNER.clientId, payer_id: merchantId },
    ]);
    const body = JSON.parse(create.body);
    expect(body.sender_batch_header.sender_batch_id).toBe('payouts:batch-1');
    expect(body.items).toEqual([
      {
        recipient_type: 'EMAIL',
        receiver: 'payee1@example.com',
        recipient_wallet: 'PAYPAL',
        amount: { value: '50.01', currency: 'USD' },
        note: 'Payment from Acme Creators',
        sender_item_id: senderItemId(orgId, items[0]!.payment_id),
      },
      {
        recipient_type: 'PHONE',
        receiver: '+15125550123',
        recipient_wallet: 'VENMO',
        amount: { value: '50.02', currency: 'USD' },
        note: 'Payment from Acme Creators',
        sender_item_id: senderItemId(orgId, items[1]!.payment_id),
      },
    ]);
    // Paid from the organisation's PayPal balance, never from Crewpay's.
    expect(balanceOf(merchantId)).toBe(merchantBefore - 10_003);
    expect(world.paypal.state().partner.balance).toBe(platformBefore);
    expect(await provider.createPayouts({ org_id: orgId, idempotency_key: 'payouts:batch-1', payouts: items })).toEqual(started);
    expect(balanceOf(merchantId)).toBe(merchantBefore - 10_003);
    // One OAuth token for all calls (client credentials, kept until it expires).
    expect(paths('/v1/oauth2/token').length - tokensBefore).toBeLessThanOrEqual(1);
    world.paypal.takeEvents();
  });

  it('asks for a fresh token when PayPal forgets the one it gave', async () => {
    const { orgId } = await connectedOrg();
    const provider = createPaypalPayouts(world.ctx.deps);
    world.paypal.revokeTokens();
    const before = paths('/v1/oauth2/token').length;
    await provider.createPayouts({ org_id: orgId, idempotency_key: 'payouts:revoked', payouts: [request(3)] });
    expect(paths('/v1/oauth2/token').length).toBe(before + 1);
    world.paypal.takeEvents();
  });

  it('splits more than 15,000 items into batches of at most 15,000 and reads every page of their items (total_pages)', async () => {
    const { orgId, merchantId } = await connectedOrg();
    world.paypal.setBalance(merchantId, 1_000_000_000);
    const provider = createPaypalPayouts(world.ctx.deps);
    const items = Array.from({ length: 15_001 }, (_, index) => request(index + 10));
    const started = await provider.createPayouts({ org_id: orgId, idempotency_key: 'payouts:big', payouts: items });
    expect(new Set(started.map((payout) => payout.payout_id)).size).toBe(15_001);
    const batches = paths('/v1/payments/payouts')
      .slice(-2)
      .map((entry) => JSON.parse(entry.body));
    expect(batches.map((batch) => [batch.sender_batch_header.sender_batch_id, batch.items.length])).toEqual([
      ['payouts:big', 15_000],
      ['payouts:big:1', 1],
    ]);
    world.paypal.takeEvents();
  });

  it('waits for a batch PayPal is slow to list; one still unlisted is not failed: its batch is named for the poll', async () => {
    const { orgId } = await connectedOrg();
    const provider = createPaypalPayouts(world.ctx.deps);
    world.paypal.listSlowly(2);
    const listed = await provider.createPayouts({ org_id: orgId, idempotency_key: 'payouts:slow', payouts: [request(4)] });
    expect(listed[0]!.payout_id).toBe(world.paypal.state().batches.at(-1)!.items[0]!.payout_item_id);
    world.paypal.listSlowly(100);
    const unlisted = await provider.createPayouts({ org_id: orgId, idempotency_key: 'payouts:slower', payouts: [request(5)] });
    // Its batch's id, so the batch is read again later (modules/payments/paypal-poll.ts).
    expect(unlisted).toEqual([
      { payment_id: request(5).payment_id, payout_id: null, batch_id: world.paypal.state().batches.at(-1)!.payout_batch_id },
    ]);
    world.paypal.takeEvents();
  });

  it('refuses to pay for an organisation whose PayPal is no longer connected', async () => {
    const { orgId, headers } = await connectedOrg();
    expect((await world.ctx.app.inject({ method: 'DELETE', url: '/v1/paypal/oauth', headers })).statusCode).toBe(200);
    await expect(
      createPaypalPayouts(world.ctx.deps).createPayouts({ org_id: orgId, idempotency_key: 'payouts:gone', payouts: [request(6)] }),
    ).rejects.toMatchObject({ code: 'paypal_not_connected', retryable: false });
  });
});

describe('PayPal payouts through the outbox and the webhook route', () => {
  it('waits out a 429 Retry-After, then a 500, then pays with the same sender_batch_id', async () => {
    world.paypal.failNext(/^\/v1\/payments\/payouts$/, {
      status: 429,
      headers: { 'retry-after': '90' },
      body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests' },
    });
    const started = Date.now();
    const { owner, payment } = await paypalPayout(world, 'pat@example.com', 5_000);
    const waiting = await callOf(owner.org.id);
    expect(waiting).toMatchObject({ status: 'pending', last_error: 'RATE_LIMIT_REACHED' });
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThanOrEqual(started + 90_000);
    world.paypal.failNext(/^\/v1\/payments\/payouts$/, {
      status: 500,
      body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred' },
    });
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 91_000) });
    expect(await callOf(owner.org.id)).toMatchObject({ status: 'pending', last_error: 'INTERNAL_SERVER_ERROR' });
    await runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + 600_000) });
    expect((await callOf(owner.org.id)).status).toBe('succeeded');
    const batchIds = paths('/v1/payments/payouts')
      .slice(-3)
      .map((entry) => JSON.parse(entry.body).sender_batch_header.sender_batch_id);
    expect(new Set(batchIds).size).toBe(1);
    expect((await paymentOf(payment.id)).stripe_reference_id).toMatch(/^[A-Z0-9]{13}$/);
    await world.settle();
    expect((await paymentOf(payment.id)).status).toBe('succeeded');
  });

  it('refuses a webhook PayPal did not sign, and stores a duplicated one once', async () => {
    const { owner, payment } = await paypalPayout(world, 'pat@example.com', 5_000);
    const [succeeded] = world.paypal.takeEvents();
    const forged = await world.paypal.deliver(world.ctx.app, succeeded!, { tamper: true });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid signature');
    for (let i = 0; i < 2; i += 1) expect((await world.paypal.deliver(world.ctx.app, succeeded!)).statusCode).toBe(200);
    expect(
      await world.ctx.deps.db
        .select()
        .from(providerEvents)
        .where(eq(providerEvents.id, succeeded!.id as string)),
    ).toHaveLength(1);
    expect((await postingsOf(world, owner.org.id, { payment_id: payment.id })).map((posting) => posting.type)).toEqual([
      'release',
      'paypal_payout_sent',
      'payment_succeeded',
    ]);
  });

  it('applies a refund that overtakes the payout once the payout is paid', async () => {
    const { owner, payment } = await paypalPayout(world, 'refunded@paypal.sandbox', 5_000);
    const [succeeded, refunded] = world.paypal.takeEvents();
    expect((await world.paypal.deliver(world.ctx.app, refunded!)).json()).toMatchObject({ stored: 1, applied: 0 });
    expect((await paymentOf(payment.id)).status).toBe('processing');
    expect((await world.paypal.deliver(world.ctx.app, succeeded!)).json()).toMatchObject({ stored: 1, applied: 2 });
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'returned', failure_reason: 'REFUNDED' });
    expect((await postingsOf(world, owner.org.id, { payment_id: payment.id })).map((posting) => posting.type)).toEqual([
      'release',
      'paypal_payout_sent',
      'payment_succeeded',
      'payment_returned',
    ]);
  });
});
