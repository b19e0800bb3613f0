import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.ts';
import { findBalances, reconcileLedger } from '../ledger/index.ts';
import { liveWorld } from '../../../test/worlds.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { createDrafts, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { connectPaypal } from '../../../test/paypal-fixtures.ts';
import { PAYPAL_SWEEP_AFTER_MS, sweepPaypalOutcomes } from './outcomes-sweep.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});
afterEach(() => expect(world.paypal.problems.splice(0)).toEqual([]));

const statusOf = async (id: string) => (await world.ctx.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;
const sweepIn = (ms: number) => sweepPaypalOutcomes(world.ctx.deps, { now: new Date(Date.now() + ms) });

describe('PayPal outcomes whose webhooks never came (SANDBOX=false, on the fake)', () => {
  it('reads a batch still processing once its webhooks had their time, applies each outcome once, and leaves a settled batch alone', async () => {
    const owner = await createOwner(world.ctx.app);
    await activate(world.ctx.app, owner.headers);
    await world.fund(owner.headers, owner.org.id, 50_000);
    const { merchantId } = await connectPaypal(world.ctx.app, owner.headers, { fake: world.paypal });
    const creator = await addCreator(world.ctx.app, owner.headers);
    const method = { selected_payment_method: 'paypal', paypal_email: 'swept@example.com' };
    expect((await injector(world.ctx.app)('PUT', `/v1/creators/${creator.id}`, owner.headers, method)).statusCode).toBe(200);
    const [draft] = await createDrafts(world.ctx.app, owner.headers, [paymentRow(creator.id, 5_000)]);
    const executed = await injector(world.ctx.app)('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    // PayPal paid the item; its webhook never reaches Crewpay.
    world.paypal.takeEvents();
    expect(await statusOf(draft!.id)).toBe('processing');

    // Before the webhooks had their time, nothing is read.
    expect(await sweepIn(0)).toEqual({ read: 0, applied: 0 });
    const swept = await sweepIn(PAYPAL_SWEEP_AFTER_MS + 60_000);
    expect(swept.read).toBeGreaterThanOrEqual(1);
    expect(swept.applied).toBeGreaterThanOrEqual(1);
    expect(await statusOf(draft!.id)).toBe('succeeded');
    // Read again: the batch holds no payment in processing any more, nothing moves twice.
    expect(await sweepIn(PAYPAL_SWEEP_AFTER_MS + 120_000)).toMatchObject({ applied: 0 });
    const books = await findBalances(world.ctx.deps.db, owner.org.id, ['paypal_available']);
    expect(books.paypal_available).toBe(world.paypal.state().merchants.find((merchant) => merchant.merchant_id === merchantId)!.balance);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
  });
});
