import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew, walletBooks } from '../../../test/approval-fixtures.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { reconcilePayments } from '../payments/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const statusOf = async (headers: Headers, id: string) =>
  (await inject('GET', `/v1/payments/${id}`, headers)).json<{ status: string }>().status;
const approve = (headers: Headers, id: string, reason = '') => inject('POST', `/v1/approvals/${id}/approve`, headers, { reason });
const booksProven = async () => {
  expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
};

describe('Approvals (maker-checker)', () => {
  it('holds a payment a rule names until another owner or admin approves it, then sends it as execution does', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { above_amount: 50_000 });
    const { drafts, answer } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [60_000, 10_000]);
    expect(answer).toMatchObject({
      processing: 1,
      awaiting_approval: 1,
      held: 70_000,
      message:
        'Payment is on the way!\n1 payment on the way\n1 payment is held for approval by an owner or admin; nothing is sent until approved',
    });
    const [big, small] = drafts;
    expect(await statusOf(owner.headers, big!.id)).toBe('awaiting_approval');
    expect(await statusOf(owner.headers, small!.id)).toBe('processing');
    expect(await walletBooks(ctx.deps, owner.org.id)).toEqual({ wallet_available: 930_000, wallet_held: 70_000 });
    const queue = (await inject('GET', '/v1/approvals', second.headers)).json().data;
    expect(queue).toEqual([
      expect.objectContaining({ payment_id: big!.id, amount: 60_000, reasons: ['Above $500.00'], required: 1, can_decide: true }),
    ]);
    // The maker, by name (no name given: their email): who executed it, and its creator only when someone else.
    expect(queue[0]).toMatchObject({ executed_by_name: admin.user.email, created_by_name: null });
    const approved = await approve(second.headers, big!.id, 'Checked the contract');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ message: 'Payment approved and on the way!', status: 'processing', approvals: 1, required: 1 });
    expect(await statusOf(owner.headers, big!.id)).toBe('processing');
    expect((await inject('GET', '/v1/approvals', second.headers)).json().data).toEqual([]);
    const audit = (await inject('GET', '/v1/audit_log?action=payments.approve', owner.headers)).json().entries;
    expect(audit).toEqual([expect.objectContaining({ target_id: big!.id, actor: expect.objectContaining({ id: second.user.id }) })]);
    await booksProven();
  });

  it('never lets the creator or the executor of a payment approve or reject it', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts, answer } = await executeNew(ctx.app, owner.headers, admin.headers, creator.id, [10_000]);
    expect(answer).toMatchObject({
      processing: 0,
      awaiting_approval: 1,
      message: '1 payment is held for approval by an admin; nothing is sent until approved',
    });
    const id = drafts[0]!.id;
    for (const headers of [owner.headers, admin.headers]) {
      const refused = await approve(headers, id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You created or executed this payment: another owner or admin approves it');
      expect((await inject('POST', `/v1/approvals/${id}/reject`, headers, { reason: 'no' })).statusCode).toBe(403);
    }
    const [item] = (await inject('GET', '/v1/approvals', admin.headers)).json().data;
    expect(item.can_decide).toBe(false);
    expect(item).toMatchObject({ executed_by_name: admin.user.email, created_by_name: owner.user.email });
    expect((await approve(second.headers, id)).statusCode).toBe(200);
    expect(await statusOf(owner.headers, id)).toBe('processing');
  });

  it('asks two approvers above the second amount: the first approval leaves it waiting, the second sends it', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, {
      above_amount: 10_000,
      second_approver_above: 50_000,
    });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [80_000]);
    const id = drafts[0]!.id;
    expect((await inject('GET', '/v1/approvals', owner.headers)).json().data[0]).toMatchObject({
      required: 2,
      reasons: ['Above $100.00', 'Above $500.00: two approvers'],
    });
    const first = await approve(second.headers, id);
    expect(first.json()).toEqual({ message: 'Payment approved', status: 'awaiting_approval', approvals: 1, required: 2 });
    expect(await statusOf(owner.headers, id)).toBe('awaiting_approval');
    const again = await approve(second.headers, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have approved this payment already');
    const last = await approve(owner.headers, id);
    expect(last.json()).toMatchObject({ status: 'processing', approvals: 2, required: 2 });
    await booksProven();
  });

  it('rejection cancels the payment and gives its hold back to available in one balanced transfer', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [25_000]);
    const id = drafts[0]!.id;
    expect(await walletBooks(ctx.deps, owner.org.id)).toEqual({ wallet_available: 975_000, wallet_held: 25_000 });
    const rejected = await inject('POST', `/v1/approvals/${id}/reject`, second.headers, { reason: 'Wrong amount' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'canceled' });
    expect(await statusOf(owner.headers, id)).toBe('canceled');
    expect(await walletBooks(ctx.deps, owner.org.id)).toEqual({ wallet_available: 1_000_000, wallet_held: 0 });
    const late = await approve(owner.headers, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment is not awaiting approval: it was approved or rejected already');
    const audit = (await inject('GET', '/v1/audit_log?action=payments.reject', owner.headers)).json().entries;
    expect(audit).toEqual([expect.objectContaining({ target_id: id, details: { released: 25_000 } })]);
    await booksProven();
  });

  it('sends once when two approvers approve at once, and lets one of approve and reject win', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [30_000, 40_000]);
    const [a, b] = drafts.map((draft) => draft.id);
    const both = await Promise.all([approve(second.headers, a!), approve(owner.headers, a!)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const mixed = await Promise.all([
      approve(second.headers, b!),
      inject('POST', `/v1/approvals/${b}/reject`, owner.headers, { reason: 'No' }),
    ]);
    expect(mixed.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const calls = await ctx.deps.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM provider_calls WHERE subject_id IN (${a}, ${b})`,
    );
    const sentB = (await statusOf(owner.headers, b!)) === 'processing' ? 1 : 0;
    expect(Number(calls.rows[0]!.count)).toBe(1 + sentB);
    const books = await walletBooks(ctx.deps, owner.org.id);
    expect((books.wallet_available ?? 0) + (books.wallet_held ?? 0)).toBe(1_000_000);
    await booksProven();
  });

  it('says an approved payment whose payee has no payout details waits for them, never that it is on the way', async () => {
    const { owner, admin, second } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const payee = await addCreator(ctx.app, owner.headers, { first_name: 'Nodetails' });
    const { drafts, answer } = await executeNew(ctx.app, admin.headers, admin.headers, payee.id, [10_000]);
    expect(answer.message).toBe('1 payment is held for approval by an owner or admin; nothing is sent until approved');
    const approved = await approve(second.headers, drafts[0]!.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: "Payment approved: it waits for its payee's payout details; we emailed them a link",
      status: 'requires_info',
    });
    expect(approved.json().message).not.toContain('on the way');
    await booksProven();
  });

  it('makes a new payee wait: a first payout', async () => {
    const { owner, admin, creator } = await approvalsOrg(ctx.app, ctx.deps, { new_payee: true, new_payee_days: 7 });
    const { answer } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000]);
    expect(answer.awaiting_approval).toBe(1);
    expect((await inject('GET', '/v1/approvals', owner.headers)).json().data[0].reasons).toEqual(['New payee: first payout']);
  });
});
