import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock, linkVerifiedBank } from '../../../test/wallet-fixtures.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
});

describe('payment and bank webhook events', () => {
  it('records bank.verified and bank.funds_arrived for a verified bank and settled funds', async () => {
    const inject = injector(ctx.app);
    const owner = await fundedOwner(ctx.app, 0);
    expect((await inject('POST', '/v1/webhook_endpoints', owner.headers, { url: 'http://127.0.0.1:9/hook' })).statusCode).toBe(200);
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
    const debit = await inject(
      'POST',
      '/v1/treasury/ach_debit',
      { ...owner.headers, 'idempotency-key': 'hooks-funds-1' },
      { amount: 50_000, payment_method: paymentMethod },
    );
    expect(debit.statusCode, debit.body).toBe(200);
    await advanceClock(ctx.app, 61);
    const rows = await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.org_id, owner.org.id));
    expect(rows.map((row) => row.event_type).sort()).toEqual(['bank.funds_arrived', 'bank.verified']);
    expect(rows.find((row) => row.event_type === 'bank.funds_arrived')!.payload).toMatchObject({ data: { amount: 50_000 } });
  });

  it('records a payment.posted and a payment.failed delivery when payouts settle', async () => {
    const inject = injector(ctx.app);
    const owner = await fundedOwner(ctx.app, 100_000);
    const hook = await inject('POST', '/v1/webhook_endpoints', owner.headers, {
      url: 'http://127.0.0.1:9/hook',
      events: ['payment.posted', 'payment.failed'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const paid = await addCreator(ctx.app, owner.headers, BANK);
    const failing = await addCreator(ctx.app, owner.headers, { account_number: '000111111116', routing_number: '110000000' });
    const [good, bad] = await createDrafts(ctx.app, owner.headers, [paymentRow(paid.id, 25_000), paymentRow(failing.id)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [good!.id, bad!.id] });
    await advanceClock(ctx.app, 61);

    const rows = await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.org_id, owner.org.id));
    const byType = Object.fromEntries(rows.map((row) => [row.event_type, row.payload as { data: { id: string; status: string } }]));
    expect(Object.keys(byType).sort()).toEqual(['payment.failed', 'payment.posted']);
    expect(byType['payment.posted']!.data).toMatchObject({ id: good!.id, status: 'succeeded', amount: 25_000 });
    expect(byType['payment.failed']!.data).toMatchObject({ id: bad!.id, status: 'failed' });
  });
});
