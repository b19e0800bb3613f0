import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverableApprovalMessages, deliverableMessages, loginAsMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign, createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { auditLog } from '../../db/schema/index.ts';
import { actingRefusal } from '../../plugins/route-policy.ts';
import { policyOf } from '../../../test/policy-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function deliverable() {
  const owner = await createOwner(ctx.app);
  const campaign = await addCampaign(ctx.app, owner.headers);
  const creator = await addCreator(ctx.app, owner.headers);
  const created = await call('POST', '/v1/deliverables', owner.headers, {
    campaign_id: campaign.id,
    creator_id: creator.id,
    description: 'Reel',
    quantity: 1,
  });
  expect(created.statusCode, created.body).toBe(200);
  return { owner, campaign, deliverable: created.json<{ id: string; approval_status: string }>() };
}

const decide = (headers: Record<string, string>, id: string, payload: unknown) =>
  call('POST', `/v1/deliverables/${id}/approval`, headers, payload);

describe('POST /v1/deliverables/{id}/approval', () => {
  it('starts submitted; an owner approves it, an admin asks for changes: who and when are kept, the list shows them, each is audit-logged', async () => {
    const { owner, campaign, deliverable: created } = await deliverable();
    expect(created).toMatchObject({ approval_status: 'submitted', approval_decided_by_name: null, approval_decided_at: null });
    const approved = await decide(owner.headers, created.id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approval_status: 'approved', approval_decided_by_name: expect.any(String) });
    expect(approved.json().approval_decided_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const admin = await createMember(ctx.deps, owner.org.id, 'admin');
    const changes = await decide(admin.headers, created.id, { status: 'changes_requested' });
    expect(changes.json()).toMatchObject({ approval_status: 'changes_requested' });
    const list = (await call('GET', `/v1/deliverables?campaign_id=${campaign.id}`, owner.headers)).json();
    expect(list.data).toMatchObject([{ id: created.id, approval_status: 'changes_requested' }]);
    const entries = await ctx.deps.db
      .select({ action: auditLog.action, user: auditLog.actor_user_id })
      .from(auditLog)
      .where(and(eq(auditLog.org_id, owner.org.id), eq(auditLog.target_id, created.id)))
      .orderBy(auditLog.created_at);
    expect(entries).toEqual([
      { action: 'deliverable.approve', user: owner.user.id },
      { action: 'deliverable.request_changes', user: admin.user.id },
    ]);
  });

  it('is for owners and admins only, refuses bad input and another organisation’s deliverable, changing nothing', async () => {
    const mine = await deliverable();
    const theirs = await deliverable();
    const collaborator = await createMember(ctx.deps, mine.owner.org.id, 'collaborator');
    const external = await createMember(ctx.deps, mine.owner.org.id, 'creator');
    expect((await decide(collaborator.headers, mine.deliverable.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await decide(external.headers, mine.deliverable.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await decide({}, mine.deliverable.id, { status: 'approved' })).statusCode).toBe(401);
    for (const payload of [{}, { status: 'submitted' }, { status: 'yes' }, { status: null }]) {
      const refused = await decide(mine.owner.headers, mine.deliverable.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'status', message: deliverableApprovalMessages.decision });
    }
    expect((await decide(mine.owner.headers, 'not-an-id', { status: 'approved' })).statusCode).toBe(404);
    const foreign = await decide(mine.owner.headers, theirs.deliverable.id, { status: 'approved' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(deliverableMessages.notFound);
    const theirList = (await call('GET', `/v1/deliverables?campaign_id=${theirs.campaign.id}`, theirs.owner.headers)).json();
    expect(theirList.data).toMatchObject([{ approval_status: 'submitted' }]);
    const myList = (await call('GET', `/v1/deliverables?campaign_id=${mine.campaign.id}`, mine.owner.headers)).json();
    expect(myList.data).toMatchObject([{ approval_status: 'submitted' }]);
  });

  it('is refused to API keys, and to login-as sessions by the acting rules', async () => {
    const { owner, campaign, deliverable: created } = await deliverable();
    const key = await call('POST', '/v1/org_api_token', owner.headers, { scopes: ['read', 'campaigns:write', 'payments:write'] });
    expect(key.statusCode, key.body).toBe(200);
    const refused = await decide({ authorization: `Bearer ${key.json<{ key: string }>().key}` }, created.id, { status: 'approved' });
    expect(refused.statusCode).toBe(403);
    expect(actingRefusal(policyOf(ctx.app, 'POST', '/v1/deliverables/:id/approval'), { status: 'approved' })).toBe(
      loginAsMessages.noApproving,
    );
    const list = (await call('GET', `/v1/deliverables?campaign_id=${campaign.id}`, owner.headers)).json();
    expect(list.data).toMatchObject([{ approval_status: 'submitted' }]);
  });
});
