import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, notifications, payments, providerCalls } from '../../db/schema/index.ts';
import { findBalances, reconcileLedger } from '../ledger/index.ts';
import { runDueProviderCalls } from '../provider-calls/index.ts';
import { liveWorld } from '../../../test/worlds.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { createDrafts, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { connectPaypal } from '../../../test/paypal-fixtures.ts';
import { CANCELED_BATCH_RECEIVER, DENIED_BATCH_RECEIVER, PARTNER_BALANCE } from '../../../fakes/paypal-fake.ts';
import { MAX_PAYPAL_POLLS, READ_PAYPAL_BATCH } from '../payments/paypal-poll.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});
afterEach(() => expect(world.paypal.problems.splice(0)).toEqual([]));

type Headers = Record<string, string>;
/** The payout call reads a new batch four times; `reads` more GETs show no items, so the first polls see none either. */
const CALL_READS = 4;
const MINUTE = 60_000;
const paymentOf = async (id: string) => (await world.ctx.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const fakeBalance = (merchantId: string) => world.paypal.state().merchants.find((merchant) => merchant.merchant_id === merchantId)!.balance;
const polls = (orgId: string) =>
  world.ctx.deps.db
    .select()
    .from(providerCalls)
    .where(and(eq(providerCalls.org_id, orgId), eq(providerCalls.operation, READ_PAYPAL_BATCH)))
    .orderBy(providerCalls.created_at);
/** The outbox's job, as its minute sweep would run it `minutes` from now. */
const runJobsIn = (minutes: number) => runDueProviderCalls(world.ctx.deps, { now: new Date(Date.now() + minutes * MINUTE) });
/** PayPal processes its batches, and its webhooks never reach Crewpay. */
const webhooksLost = () => void world.paypal.takeEvents();
const deliverWebhooks = async () => {
  for (const event of world.paypal.takeEvents()) expect((await world.paypal.deliver(world.ctx.app, event)).statusCode).toBe(200);
};
const postings = async (paymentId: string, type: string) =>
  (await world.ctx.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.type, type))).filter(
    (transfer) => (transfer.metadata as { payment_id?: string }).payment_id === paymentId,
  ).length;

async function expectBooksEqualPaypal(orgId: string, merchantId: string) {
  const books = await findBalances(world.ctx.deps.db, orgId, ['paypal_available']);
  expect(books.paypal_available).toBe(fakeBalance(merchantId));
  expect(world.paypal.state().partner.balance).toBe(PARTNER_BALANCE);
}

async function connectedOrg() {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  await world.fund(owner.headers, owner.org.id, 50_000);
  const { merchantId } = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
  return { owner, merchantId: merchantId! };
}

/** Pays each receiver (an email: PayPal; digits: Venmo) 50 dollars in one execution, so one batch. */
async function pay(headers: Headers, receivers: string[]) {
  const ids: string[] = [];
  for (const receiver of receivers) {
    const creator = await addCreator(world.ctx.app, headers);
    const method = receiver.includes('@')
      ? { selected_payment_method: 'paypal', paypal_email: receiver }
      : { selected_payment_method: 'venmo', venmo_phone_number: receiver };
    expect((await injector(world.ctx.app)('PUT', `/v1/creators/${creator.id}`, headers, method)).statusCode).toBe(200);
    ids.push(creator.id);
  }
  const drafts = await createDrafts(
    world.ctx.app,
    headers,
    ids.map((id) => paymentRow(id, 5_000)),
  );
  const executed = await injector(world.ctx.app)('PUT', '/v1/payments/initiate', headers, { ids: drafts.map((draft) => draft.id) });
  expect(executed.statusCode, executed.body).toBe(200);
  return drafts;
}

describe('a PayPal batch slow to list is polled, not failed (SANDBOX=false, on the fake)', () => {
  it('reads the batch again after 1 and 5 minutes while PayPal lists nothing, and settles its payments with no webhook at all', async () => {
    const { owner, merchantId } = await connectedOrg();
    world.paypal.listSlowly(CALL_READS + 1);
    const paid = await pay(owner.headers, ['ana@example.com', '5125550123', 'refunded@paypal.sandbox']);
    for (const payment of paid) expect(await paymentOf(payment.id)).toMatchObject({ status: 'processing', stripe_reference_id: null });
    const [first] = await polls(owner.org.id);
    expect(first).toMatchObject({ status: 'pending', request: { poll: 1 } });
    expect(first!.next_attempt_at.getTime() - first!.created_at.getTime()).toBeGreaterThanOrEqual(MINUTE - 1000);
    await expectBooksEqualPaypal(owner.org.id, merchantId);
    webhooksLost();

    // Not before its minute; then PayPal still lists nothing: read again 5 minutes later.
    await runJobsIn(0.5);
    expect((await polls(owner.org.id)).map((poll) => poll.status)).toEqual(['pending']);
    await runJobsIn(2);
    const [, second] = await polls(owner.org.id);
    expect(second).toMatchObject({ status: 'pending', request: { poll: 2 } });
    expect(second!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(4 * MINUTE);
    for (const payment of paid) expect((await paymentOf(payment.id)).status).toBe('processing');

    await runJobsIn(10);
    const items = world.paypal.state().batches.at(-1)!.items;
    expect(await paymentOf(paid[0]!.id)).toMatchObject({ status: 'succeeded', stripe_reference_id: items[0]!.payout_item_id });
    expect(await paymentOf(paid[1]!.id)).toMatchObject({ status: 'succeeded', stripe_reference_id: items[1]!.payout_item_id });
    // Seen only once it was already refunded: paid, then returned.
    expect(await paymentOf(paid[2]!.id)).toMatchObject({ status: 'returned', failure_reason: 'REFUNDED' });
    expect((await polls(owner.org.id)).map((poll) => poll.status)).toEqual(['succeeded', 'succeeded']);
    await expectBooksEqualPaypal(owner.org.id, merchantId);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
  });

  it('posts a payment once whether the webhook or the poll comes first', async () => {
    const { owner, merchantId } = await connectedOrg();
    world.paypal.listSlowly(CALL_READS);
    const [webhookFirst] = await pay(owner.headers, ['ben@example.com']);
    await deliverWebhooks();
    expect((await paymentOf(webhookFirst!.id)).status).toBe('succeeded');
    await runJobsIn(2);

    world.paypal.listSlowly(CALL_READS);
    const [pollFirst] = await pay(owner.headers, ['cy@example.com']);
    const held = world.paypal.takeEvents();
    expect(held.length).toBeGreaterThan(0);
    await runJobsIn(2);
    expect((await paymentOf(pollFirst!.id)).status).toBe('succeeded');
    for (const event of held) expect((await world.paypal.deliver(world.ctx.app, event)).statusCode).toBe(200);
    expect((await polls(owner.org.id)).map((poll) => poll.status)).toEqual(['succeeded', 'succeeded']);
    for (const payment of [webhookFirst!, pollFirst!]) {
      expect(await postings(payment.id, 'payment_succeeded')).toBe(1);
      expect(await postings(payment.id, 'paypal_payout_sent')).toBe(1);
    }
    await expectBooksEqualPaypal(owner.org.id, merchantId);
  });

  it.each([
    ['DENIED', DENIED_BATCH_RECEIVER],
    ['CANCELED', CANCELED_BATCH_RECEIVER],
  ])('fails every payment of a batch the poll reads as %s, its money back in the organisation’s PayPal', async (status, receiver) => {
    const { owner, merchantId } = await connectedOrg();
    const before = fakeBalance(merchantId);
    world.paypal.listSlowly(CALL_READS);
    const refused = await pay(owner.headers, ['dee@example.com', receiver]);
    await expectBooksEqualPaypal(owner.org.id, merchantId);
    webhooksLost();
    expect(world.paypal.state().batches.at(-1)!.batch_status).toBe(status);
    await runJobsIn(2);
    for (const payment of refused) expect(await paymentOf(payment.id)).toMatchObject({ status: 'failed', failure_reason: status });
    expect(fakeBalance(merchantId)).toBe(before);
    await expectBooksEqualPaypal(owner.org.id, merchantId);
    expect((await polls(owner.org.id)).map((poll) => poll.status)).toEqual(['succeeded']);
  });

  it('stops after about a day of hourly reads and tells the owner', async () => {
    const { owner } = await connectedOrg();
    world.paypal.listSlowly(1000);
    const [payment] = await pay(owner.headers, ['eve@example.com']);
    for (let poll = 1; poll <= MAX_PAYPAL_POLLS; poll += 1) await runJobsIn(2 * 60);
    const done = await polls(owner.org.id);
    expect(done).toHaveLength(MAX_PAYPAL_POLLS);
    expect(done.every((poll) => poll.status === 'succeeded')).toBe(true);
    expect((await paymentOf(payment!.id)).status).toBe('processing');
    const told = await world.ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(told.map((notice) => notice.text)).toContain(
      'PayPal has not confirmed a payment sent a day ago: check it in your PayPal account',
    );
  });
});
