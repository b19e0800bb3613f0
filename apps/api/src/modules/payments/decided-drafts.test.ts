import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg } from '../../../test/approval-fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { campaignDraft, setGate } from '../../../test/gate-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { createDrafts, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { sandboxNow } from '../../lib/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const edit = (headers: Headers, id: string, earnings: number) =>
  call('PUT', '/v1/payments', headers, { id, earnings, split: 100, memo: 'May' });
const amountEdits = async (headers: Headers) =>
  (await call('GET', '/v1/audit_log?action=payments.amount_edit', headers)).json().entries as {
    target_id: string;
    details: Record<string, number>;
    actor: { id: string };
  }[];

/** Each way an owner decides to pay a campaign draft of $100.00, and what the refusal names. */
const decisions: [string, (owner: Headers, draft: { id: string }, campaign: { id: string; customer_id: string }) => Promise<void>][] = [
  [
    'This payment is scheduled',
    async (owner, draft) => {
      const tomorrow = new Date((await sandboxNow(ctx.deps.db)).getTime() + 86_400_000).toISOString().slice(0, 10);
      expect((await call('POST', '/v1/payment_schedules', owner, { ids: [draft.id], execute_on: tomorrow })).statusCode).toBe(200);
    },
  ],
  [
    'This payment executes as soon as it no longer waits',
    async (owner, draft) => {
      expect((await setGate(ctx.app, owner, draft.id, { requires_contract: true, deliverable_id: null })).statusCode).toBe(200);
      expect((await call('PUT', '/v1/payments/initiate', owner, { ids: [draft.id] })).json().waiting).toHaveLength(1);
    },
  ],
  [
    'This payment is released when its invoice is paid',
    async (owner, draft, campaign) => {
      const invoice = await sendInvoice(ctx.app, owner, {
        customer_id: campaign.customer_id,
        payment_group_id: campaign.id,
        amount: 10_000,
        funded_payments: [draft.id],
      });
      expect((await call('PUT', `/v1/payment_releases/${invoice.id}`, owner)).statusCode).toBe(200);
    },
  ],
];

describe('A draft someone decided to pay', () => {
  it.each(decisions)('is frozen against edits by another team member: "%s"', async (what, decide) => {
    const { owner, campaign, draft } = await campaignDraft(ctx.app);
    await decide(owner.headers, draft, campaign);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    const refused = await edit(admin.headers, draft.id, 99_000);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(paymentMessages.decidedByOther(what));
    const gate = await setGate(ctx.app, admin.headers, draft.id, { requires_contract: false, deliverable_id: null });
    expect(gate.statusCode).toBe(409);
    expect((await call('GET', `/v1/payments/${draft.id}`, owner.headers)).json().amount).toBe(10_000);
    // The person who decided may still change it: audited, old and new amount, and who.
    const changed = await edit(owner.headers, draft.id, 12_000);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await amountEdits(owner.headers)).toEqual([
      expect.objectContaining({
        target_id: draft.id,
        details: expect.objectContaining({ old_amount: 10_000, new_amount: 12_000 }),
        actor: expect.objectContaining({ id: owner.user.id }),
      }),
    ]);
  });

  it('audits every amount edit, and the editor never approves the payment', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
    expect((await edit(admin.headers, draft!.id, 15_000)).statusCode).toBe(200);
    // A memo-only edit moves no money and is not an amount edit.
    expect(
      (await call('PUT', '/v1/payments', admin.headers, { id: draft!.id, earnings: 15_000, split: 100, memo: 'June' })).statusCode,
    ).toBe(200);
    expect(await amountEdits(owner.headers)).toEqual([
      expect.objectContaining({ target_id: draft!.id, details: expect.objectContaining({ old_amount: 10_000, new_amount: 15_000 }) }),
    ]);
    expect((await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).json().awaiting_approval).toBe(1);
    const queue = (await call('GET', '/v1/approvals', admin.headers)).json().data;
    expect(queue).toEqual([expect.objectContaining({ payment_id: draft!.id, can_decide: false })]);
    const byEditor = await call('POST', `/v1/approvals/${draft!.id}/approve`, admin.headers, { reason: '' });
    expect(byEditor.statusCode).toBe(403);
    expect((await call('POST', `/v1/approvals/${draft!.id}/approve`, second.headers, { reason: '' })).statusCode).toBe(200);
  });
});
