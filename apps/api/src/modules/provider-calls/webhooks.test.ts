import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replaceOperation } from '../../../test/kernel.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow, walletBalance } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { ledgerTransfers, payments, providerEvents, treasuryTransactions } from '../../db/schema/index.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { createPayoutsOperation, type PayoutCallRequest } from '../payments/index.ts';
import { computeSignature } from '../../lib/webhook-signature.ts';
import { retryWaitingProviderEvents } from './index.ts';
import { SANDBOX_PROVIDER, sandboxEventId, signSandboxWebhook } from '../../providers/sandbox-events.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});
afterEach(() => replaceOperation(ctx.deps, { provider: SANDBOX_PROVIDER, ...createPayoutsOperation }));

type WireEvent = { id: string; type: string; org_id: string; object_id: string; data: Record<string, string> };

const deliver = (body: string, headers: Record<string, string>, provider = 'sandbox') =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/webhooks/${provider}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const signed = (events: WireEvent[]) => {
  const body = JSON.stringify({ events });
  return deliver(body, signSandboxWebhook(ctx.deps.secrets, body));
};

async function executeOnePayment() {
  const owner = await fundedOwner(ctx.app, 100_000);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 25_000)]);
  const executed = await injector(ctx.app)('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
  expect(executed.statusCode, executed.body).toBe(200);
  const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.id, draft!.id));
  return { owner, payment: payment! };
}

const paymentStatus = async (id: string) => (await ctx.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;
const transfersOf = async (orgId: string) =>
  (await ctx.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.org_id, orgId))).map((row) => row.id).sort();
const payoutEvent = (orgId: string, paymentId: string, payoutId: string, type: string, data: Record<string, string> = {}) => ({
  id: sandboxEventId(),
  type,
  org_id: orgId,
  object_id: payoutId,
  data: { payment_id: paymentId, ...data },
});

describe('POST /v1/webhooks/:provider', () => {
  it('refuses a missing, wrong or stale signature and an unknown provider', async () => {
    const { owner, payment } = await executeOnePayment();
    const body = JSON.stringify({ events: [payoutEvent(owner.org.id, payment.id, payment.stripe_reference_id!, 'payout.paid')] });
    const secret = `whsec_${ctx.deps.secrets.deriveKey('sandbox-webhooks')}`;
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      await deliver(body, {}),
      await deliver(body, { 'crewpay-signature': `t=${now},v1=${computeSignature('whsec_other', now, body)}` }),
      await deliver(body, { 'crewpay-signature': `t=${now - 301},v1=${computeSignature(secret, now - 301, body)}` }),
      await deliver(body.replace('payout.paid', 'payout.failed'), signSandboxWebhook(ctx.deps.secrets, body)),
      await deliver(body, { 'crewpay-signature': 'garbage' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'Invalid signature' });
    }
    const unknown = await deliver(body, signSandboxWebhook(ctx.deps.secrets, body), 'nobody');
    expect(unknown.statusCode).toBe(404);
    expect(await paymentStatus(payment.id)).toBe('processing');
    // Within the tolerance the same body is accepted.
    const fresh = await deliver(body, { 'crewpay-signature': `t=${now - 290},v1=${computeSignature(secret, now - 290, body)}` });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await paymentStatus(payment.id)).toBe('succeeded');
  });

  it('refuses a signed body that is not events, with no 500', async () => {
    const body = JSON.stringify({ events: [{ id: 'evt_1', type: 'payout.paid', org_id: 'not-a-uuid', object_id: 'po_1', data: {} }] });
    const refused = await deliver(body, signSandboxWebhook(ctx.deps.secrets, body));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Invalid webhook payload');
    const notJson = await deliver('{"events": [', signSandboxWebhook(ctx.deps.secrets, '{"events": ['));
    expect(notJson.statusCode).toBe(400);
  });

  it('stores an event once: the same delivery again changes nothing', async () => {
    const { owner, payment } = await executeOnePayment();
    const event = payoutEvent(owner.org.id, payment.id, payment.stripe_reference_id!, 'payout.paid');
    const first = await signed([event]);
    expect(first.json()).toEqual({ received: 1, stored: 1, applied: 1 });
    const transfers = await transfersOf(owner.org.id);
    const balance = await walletBalance(ctx.app, owner.headers);
    const again = await signed([event]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: 1, stored: 0, applied: 0 });
    // Another event of the same outcome (a provider's retry with a new id) is stopped by the state guard.
    const other = await signed([{ ...event, id: sandboxEventId() }]);
    expect(other.json()).toEqual({ received: 1, stored: 1, applied: 1 });
    expect(await transfersOf(owner.org.id)).toEqual(transfers);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(balance);
    expect(await paymentStatus(payment.id)).toBe('succeeded');
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('keeps a return that arrives before its payout was paid, and applies it after', async () => {
    const { owner, payment } = await executeOnePayment();
    const payoutId = payment.stripe_reference_id!;
    const returned = payoutEvent(owner.org.id, payment.id, payoutId, 'payout.returned', { reason: 'account_closed' });
    expect((await signed([returned])).json()).toEqual({ received: 1, stored: 1, applied: 0 });
    expect(await paymentStatus(payment.id)).toBe('processing');
    const [waiting] = await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.id, returned.id));
    expect(waiting).toMatchObject({ processed_at: null, attempts: 1 });
    // The paid arrives: it applies, and the return that waited for it follows.
    expect((await signed([payoutEvent(owner.org.id, payment.id, payoutId, 'payout.paid')])).json()).toEqual({
      received: 1,
      stored: 1,
      applied: 2,
    });
    expect(await paymentStatus(payment.id)).toBe('returned');
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    // The sandbox's own paid, when due, finds the payment past it.
    await advanceClock(ctx.app, 61);
    expect(await paymentStatus(payment.id)).toBe('returned');
    expect(await walletBalance(ctx.app, owner.headers)).toBe(100_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('applies an event that overtakes the record of the call it answers', async () => {
    let overtaken: { status: string; reference: string | null } | undefined;
    replaceOperation(ctx.deps, {
      provider: SANDBOX_PROVIDER,
      ...createPayoutsOperation,
      call: async (deps, request: PayoutCallRequest, call) => {
        const started = await createPayoutsOperation.call(deps, request, call);
        // The rail's webhook reaches us before its answer does.
        const [first] = started;
        const response = await signed([payoutEvent(call.org_id, first!.payment_id, first!.payout_id!, 'payout.paid')]);
        expect(response.json()).toMatchObject({ applied: 1 });
        const [row] = await deps.db.select().from(payments).where(eq(payments.id, first!.payment_id));
        overtaken = { status: row!.status, reference: row!.stripe_reference_id };
        return started;
      },
    });
    const { owner, payment } = await executeOnePayment();
    expect(overtaken).toEqual({ status: 'succeeded', reference: payment.stripe_reference_id });
    expect(payment.status).toBe('succeeded');
    const [walletRow] = await ctx.deps.db
      .select()
      .from(treasuryTransactions)
      .where(sql`${treasuryTransactions.metadata}->>'payment_id' = ${payment.id}`);
    expect(walletRow).toMatchObject({ status: 'succeeded', provider_id: payment.stripe_reference_id });
    await advanceClock(ctx.app, 61);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(75_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('keeps an event whose object is not known yet and tries it again when due, never dropping it', async () => {
    const { owner } = await executeOnePayment();
    const missing = '00000000-0000-4000-8000-000000000001';
    const early = payoutEvent(owner.org.id, missing, 'po_unknown', 'payout.paid');
    expect((await signed([early])).json()).toEqual({ received: 1, stored: 1, applied: 0 });
    const [kept] = await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.id, early.id));
    expect(kept).toMatchObject({ processed_at: null, attempts: 1 });
    expect(kept!.due_at.getTime()).toBeGreaterThan(Date.now());
    expect(await retryWaitingProviderEvents(ctx.deps)).toBe(0);
    expect(await retryWaitingProviderEvents(ctx.deps, { now: new Date(kept!.due_at.getTime() + 1) })).toBe(0);
    const [again] = await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.id, early.id));
    expect(again).toMatchObject({ processed_at: null, attempts: 2 });
  });
});
