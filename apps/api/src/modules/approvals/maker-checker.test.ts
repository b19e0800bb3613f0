import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg } from '../../../test/approval-fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { cardToken, payByCard, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';
import { createDrafts, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { paymentScheduleRuns } from '../../db/schema/index.ts';
import { advanceSandboxClock, sandboxNow } from '../../lib/clock.ts';
import { runDueSchedules } from '../payment-schedules/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const statusOf = async (headers: Headers, id: string) => (await call('GET', `/v1/payments/${id}`, headers)).json().status as string;
const approve = (headers: Headers, id: string) => call('POST', `/v1/approvals/${id}/approve`, headers, { reason: '' });
const today = async () => (await sandboxNow(ctx.deps.db)).toISOString().slice(0, 10);

/** A maker is refused (403) both decisions; the queue shows them it is not theirs to decide. */
async function expectRefused(headers: Headers, id: string) {
  expect((await approve(headers, id)).statusCode).toBe(403);
  expect((await call('POST', `/v1/approvals/${id}/reject`, headers, { reason: 'no' })).statusCode).toBe(403);
  const queue = (await call('GET', '/v1/approvals', headers)).json().data as { payment_id: string; can_decide: boolean }[];
  expect(queue.find((row) => row.payment_id === id)?.can_decide).toBe(false);
}

describe('Maker-checker on every path that executes', () => {
  it('the owner who created and scheduled a payment approves neither its first run nor its recurring copy', async () => {
    const { owner, admin, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
    const scheduled = await call('POST', '/v1/payment_schedules', owner.headers, {
      ids: [draft!.id],
      execute_on: await today(),
      frequency: 'weekly',
      count: 2,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const scheduleId = scheduled.json().data[0].id as string;
    const runs = () => ctx.deps.db.select().from(paymentScheduleRuns).where(eq(paymentScheduleRuns.schedule_id, scheduleId));

    await runDueSchedules(ctx.deps);
    expect(await statusOf(owner.headers, draft!.id)).toBe('awaiting_approval');
    await expectRefused(owner.headers, draft!.id);

    await advanceSandboxClock(ctx.deps.db, 7 * 86_400);
    await runDueSchedules(ctx.deps);
    const copy = (await runs()).find((run) => run.period === 1)!.payment_id;
    expect(await statusOf(owner.headers, copy)).toBe('awaiting_approval');
    // The copy is the original creator's, executed for the person who scheduled it.
    await expectRefused(owner.headers, copy);
    for (const id of [draft!.id, copy]) expect((await approve(admin.headers, id)).statusCode).toBe(200);
  });

  it('the admin who scheduled a payment another created cannot approve its run', async () => {
    const { owner, admin, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
    const scheduled = await call('POST', '/v1/payment_schedules', admin.headers, { ids: [draft!.id], execute_on: await today() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await runDueSchedules(ctx.deps);
    expect(await statusOf(owner.headers, draft!.id)).toBe('awaiting_approval');
    await expectRefused(admin.headers, draft!.id);
  });

  it('the owner who marked an invoice "Release when paid" cannot approve the payments its payment released', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const campaign = await addCampaign(ctx.app, owner.headers);
    const [draft] = await createDrafts(ctx.app, admin.headers, [paymentRow(creator.id, 10_000, { payment_group_id: campaign.id })]);
    const invoice = await sendInvoice(ctx.app, owner.headers, {
      customer_id: campaign.customer_id,
      payment_group_id: campaign.id,
      amount: 10_000,
      funded_payments: [draft!.id],
    });
    expect((await call('PUT', `/v1/payment_releases/${invoice.id}`, owner.headers)).statusCode).toBe(200);
    const linkId = await payLinkId(ctx.app, invoice.customer_email);
    expect((await payByCard(ctx.app, linkId, await cardToken(ctx.app, '4242424242424242'))).json().status).toBe('succeeded');
    expect(await statusOf(owner.headers, draft!.id)).toBe('awaiting_approval');
    await expectRefused(owner.headers, draft!.id);
    await expectRefused(admin.headers, draft!.id);
    expect((await approve(second.headers, draft!.id)).statusCode).toBe(200);
  });
});
