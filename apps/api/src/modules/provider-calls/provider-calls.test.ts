import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replaceOperation } from '../../../test/kernel.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { connectPaypal } from '../../../test/paypal-fixtures.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow, walletBalance } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { payments, providerCalls, sandboxEvents, treasuryTransactions } from '../../db/schema/index.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { createPayoutsOperation, type PayoutCallRequest } from '../payments/index.ts';
import { payoutsProvider, type StartedPayout } from '../../providers/payouts/index.ts';
import { CALL_LEASE_MS, PROVIDER_CALLS_JOB, recordProviderCall, runDueProviderCalls, type ProviderCallContext } from './index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { SANDBOX_PROVIDER } from '../../providers/sandbox-events.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
type PayoutCall = (deps: TestContext['deps'], request: PayoutCallRequest, call: ProviderCallContext) => Promise<StartedPayout[]>;

/** Puts `call` in place of the payout rail's call for one test (afterEach puts the real one back). */
function replacePayoutCall(call: PayoutCall): void {
  replaceOperation(ctx.deps, { provider: SANDBOX_PROVIDER, ...createPayoutsOperation, call });
}
afterEach(async () => {
  replaceOperation(ctx.deps, { provider: SANDBOX_PROVIDER, ...createPayoutsOperation });
  await ctx.deps.jobs.register<{ ids?: string[] }>(PROVIDER_CALLS_JOB, async (data) => {
    await runDueProviderCalls(ctx.deps, data?.ids ? { ids: data.ids } : {});
  });
});
const realCall = createPayoutsOperation.call;

/** An owner with $1,000.00 and one executed payment of $250.00 to a creator with a bank. */
async function executeOnePayment(amount = 25_000) {
  const owner = await fundedOwner(ctx.app, 100_000);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, amount)]);
  const executed = await injector(ctx.app)('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
  expect(executed.statusCode, executed.body).toBe(200);
  return { owner, paymentId: draft!.id };
}

const paymentOf = async (id: string) => (await ctx.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const callsOf = (orgId: string) => ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.org_id, orgId));
const scheduledPayouts = async (orgId: string) =>
  ctx.deps.db
    .select()
    .from(sandboxEvents)
    .where(sql`${sandboxEvents.org_id} = ${orgId} AND ${sandboxEvents.type} LIKE 'payout.%'`);
const balance = (headers: Headers) => walletBalance(ctx.app, headers);
const later = (ms: number) => new Date(Date.now() + ms);

describe('provider calls', () => {
  it('records one call for one idempotency key', async () => {
    const { owner } = await executeOnePayment();
    const ids = await ctx.deps.db.transaction(async (tx) => {
      const input = { org_id: owner.org.id, provider: 'test', operation: 'test.op', idempotency_key: `same:${owner.org.id}`, request: {} };
      return [await recordProviderCall(tx, input), await recordProviderCall(tx, input)];
    });
    expect(ids[0]).toBe(ids[1]);
    expect((await callsOf(owner.org.id)).filter((call) => call.operation === 'test.op')).toHaveLength(1);
    await ctx.deps.db.delete(providerCalls).where(eq(providerCalls.id, ids[0]!));
  });

  it('calls the rail only after the business transaction has committed', async () => {
    const seen: { status: string; openTransactions: number }[] = [];
    replacePayoutCall(async (deps, request, call) => {
      // Another connection sees the payment already processing: the execution has committed.
      const [payment] = await deps.db.select().from(payments).where(eq(payments.id, request.payouts[0]!.payment_id));
      const open = await deps.db.execute<{ count: number }>(sql`
        SELECT count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`);
      seen.push({ status: payment!.status, openTransactions: open.rows[0]!.count });
      return realCall(deps, request, call);
    });
    const { paymentId } = await executeOnePayment();
    expect(seen).toEqual([{ status: 'processing', openTransactions: 0 }]);
    expect((await paymentOf(paymentId)).stripe_reference_id).toMatch(/^po_/);
  });

  it('tries a retryable failure again with the same key: the rail starts the payout once', async () => {
    const keys: string[] = [];
    replacePayoutCall(async (deps, request, call) => {
      keys.push(call.idempotency_key);
      const started = await realCall(deps, request, call);
      // The answer is lost on the way back (a timeout): the provider did the work, we do not know it.
      if (keys.length === 1) throw new ProviderCallError({ code: 'timeout', retryable: true });
      return started;
    });
    const { owner, paymentId } = await executeOnePayment();
    const [pending] = await callsOf(owner.org.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'timeout', claimed_until: null });
    expect((await paymentOf(paymentId)).status).toBe('processing');
    // Not before its backoff; then once more.
    expect(await runDueProviderCalls(ctx.deps)).toBe(0);
    expect(await runDueProviderCalls(ctx.deps, { now: later(31_000) })).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const [done] = await callsOf(owner.org.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, last_error: null });
    expect(await scheduledPayouts(owner.org.id)).toHaveLength(1);
    const payoutId = (await paymentOf(paymentId)).stripe_reference_id;
    expect(payoutId).toMatch(/^po_/);
    await advanceClock(ctx.app, 61);
    expect((await paymentOf(paymentId)).status).toBe('succeeded');
    expect(await balance(owner.headers)).toBe(75_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('releases the held money when the rail refuses for good', async () => {
    replacePayoutCall(async () => {
      throw new ProviderCallError({ code: 'account_closed', retryable: false });
    });
    const { owner, paymentId } = await executeOnePayment();
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'failed', failure_reason: 'account_closed', stripe_reference_id: null });
    expect(await balance(owner.headers)).toBe(100_000);
    const [failed] = await callsOf(owner.org.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_error: 'account_closed' });
    const [walletRow] = await ctx.deps.db
      .select()
      .from(treasuryTransactions)
      .where(sql`${treasuryTransactions.metadata}->>'payment_id' = ${paymentId}`);
    expect(walletRow).toMatchObject({ status: 'failed', provider_id: null });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('gives up after too many retryable failures and releases the money', async () => {
    replacePayoutCall(async () => {
      throw new ProviderCallError({ code: 'rate_limited', retryable: true });
    });
    const { owner, paymentId } = await executeOnePayment();
    for (let hour = 1; hour <= 8; hour += 1) await runDueProviderCalls(ctx.deps, { now: later(hour * 3_600_000) });
    const [call] = await callsOf(owner.org.id);
    expect(call).toMatchObject({ status: 'failed', attempts: 8, last_error: 'rate_limited' });
    expect((await paymentOf(paymentId)).status).toBe('failed');
    expect(await balance(owner.headers)).toBe(100_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('makes a call again with the same key once the lease of a killed worker has run out', async () => {
    // The job after the commit is lost, as when the process dies at that moment.
    await ctx.deps.jobs.register(PROVIDER_CALLS_JOB, async () => {});
    const keys: string[] = [];
    replacePayoutCall(async (deps, request, call) => {
      keys.push(call.idempotency_key);
      return realCall(deps, request, call);
    });
    const { owner, paymentId } = await executeOnePayment();
    const [call] = await callsOf(owner.org.id);
    // A worker claims it, reaches the rail, and is killed before recording the answer.
    await ctx.deps.db
      .update(providerCalls)
      .set({ claimed_until: later(CALL_LEASE_MS), attempts: 1 })
      .where(eq(providerCalls.id, call!.id));
    const startedByTheDeadWorker = await realCall(ctx.deps, call!.request as PayoutCallRequest, {
      call_id: call!.id,
      org_id: call!.org_id,
      idempotency_key: call!.idempotency_key,
      subject_id: call!.subject_id,
      attempt: 1,
    });
    expect(await runDueProviderCalls(ctx.deps)).toBe(0);
    expect(keys).toEqual([]);
    expect(await runDueProviderCalls(ctx.deps, { now: later(CALL_LEASE_MS + 1_000) })).toBe(1);
    expect(keys).toEqual([call!.idempotency_key]);
    expect((await callsOf(owner.org.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await paymentOf(paymentId)).stripe_reference_id).toBe(startedByTheDeadWorker[0]!.payout_id);
    expect(await scheduledPayouts(owner.org.id)).toHaveLength(1);
    await advanceClock(ctx.app, 61);
    expect((await paymentOf(paymentId)).status).toBe('succeeded');
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('pays to the details a payment was executed with, even when they change before the call is made', async () => {
    await ctx.deps.jobs.register(PROVIDER_CALLS_JOB, async () => {});
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 25_000)]);
    expect((await injector(ctx.app)('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
    // Someone changes the creator's bank to an account the rail refuses, after the execution.
    const changed = await injector(ctx.app)('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      account_number: '000111111116',
      routing_number: '110000000',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [call] = await callsOf(owner.org.id);
    expect(JSON.stringify(call!.request)).not.toContain(BANK.account_number);
    expect(await runDueProviderCalls(ctx.deps)).toBe(1);
    await advanceClock(ctx.app, 61);
    expect(await paymentOf(draft!.id)).toMatchObject({ status: 'succeeded', failure_reason: null });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it("the sandbox rail answers a busy receiver's first request with a retryable 503, then pays it once", async () => {
    const owner = await fundedOwner(ctx.app, 0);
    await connectPaypal(ctx.app, owner.headers);
    const rail = payoutsProvider(ctx.deps);
    const request = {
      org_id: owner.org.id,
      idempotency_key: `payouts:busy:${owner.org.id}`,
      payouts: [
        { payment_id: owner.org.id, amount: 1_000, destination: { method: 'paypal' as const, paypal_email: 'busy@paypal.sandbox' } },
      ],
    };
    await expect(rail.createPayouts(request)).rejects.toMatchObject({ code: 'service_unavailable', retryable: true });
    const started = await rail.createPayouts(request);
    expect(started[0]!.payout_id).toMatch(/^ppo_/);
    expect(await rail.createPayouts(request)).toEqual(started);
    expect(await scheduledPayouts(owner.org.id)).toHaveLength(1);
  });
});
