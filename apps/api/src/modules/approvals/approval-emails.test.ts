import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew } from '../../../test/approval-fixtures.ts';
import { readOutbox } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const mailTo = async (to: string, subject: string) =>
  (await readOutbox(ctx.app)).filter((email) => email.to === to && email.subject === subject);
const decide = (headers: Headers, id: string, decision: 'approve' | 'reject', reason: string) =>
  inject('POST', `/v1/approvals/${id}/${decision}`, headers, { reason });

const AWAITING = 'A payment is awaiting your approval';

describe('Approval emails', () => {
  it('emails each owner or admin who may decide, once per payment, never its creator or executor', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [12_345]);
    // Executing the same payments again changes nothing, and emails no one a second time.
    expect((await inject('PUT', '/v1/payments/initiate', admin.headers, { ids: [drafts[0]!.id] })).statusCode).toBe(409);
    for (const approver of [owner.user, second.user]) {
      const emails = await mailTo(approver.email, AWAITING);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.text).toContain(`${admin.user.email} asked for approval of a payment of $123.45 to Casey Creator.`);
      expect(emails[0]!.links).toEqual(['http://crewpay.test/payments?tab=approval_payments']);
    }
    expect(await mailTo(admin.user.email, AWAITING)).toEqual([]);
  });

  it('tells the requester a rejection with its reason, and an approval only once it is complete', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, owner.headers, admin.headers, creator.id, [20_000, 30_000]);
    const [first, other] = drafts;
    // The executor asked: the owner created the drafts, so only the second admin decides.
    expect(await mailTo(owner.user.email, AWAITING)).toEqual([]);
    expect(await mailTo(second.user.email, AWAITING)).toHaveLength(2);

    expect((await decide(second.headers, first!.id, 'reject', 'Wrong campaign')).statusCode).toBe(200);
    const rejected = await mailTo(admin.user.email, 'Your payment was rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.text).toContain('Your payment of $200.00 to Casey Creator was rejected');
    expect(rejected[0]!.text).toContain('Reason: Wrong campaign');

    expect((await decide(second.headers, other!.id, 'approve', 'Contract checked')).statusCode).toBe(200);
    const approved = await mailTo(admin.user.email, 'Your payment was approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).toContain('Your payment of $300.00 to Casey Creator was approved and is on its way.');
    expect(approved[0]!.text).toContain('Reason: Contract checked');
    expect(await mailTo(owner.user.email, 'Your payment was approved')).toEqual([]);
  });

  it('does not tell the requester until the second approval a payment needs', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true, second_approver_above: 10_000 });
    const { drafts } = await executeNew(ctx.app, owner.headers, owner.headers, creator.id, [50_000]);
    const id = drafts[0]!.id;
    expect((await decide(admin.headers, id, 'approve', '')).statusCode).toBe(200);
    expect(await mailTo(owner.user.email, 'Your payment was approved')).toEqual([]);
    expect((await decide(second.headers, id, 'approve', '')).statusCode).toBe(200);
    const approved = await mailTo(owner.user.email, 'Your payment was approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).not.toContain('Reason:');
  });
});
