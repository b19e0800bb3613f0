import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentGateMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import * as gateFixtures from '../../../test/gate-fixtures.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { createDrafts, injector, paymentRow, walletBalance } from '../../../test/payment-fixtures.ts';
import { contracts, ledgerTransfers, providerCalls } from '../../db/schema/index.ts';
import { releaseGatedPayments } from './gate-release.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-gates-test-')) });
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const statusOf = async (headers: Headers, id: string) => (await call('GET', `/v1/payments/${id}`, headers)).json().status as string;
const executions = async (orgId: string) =>
  (
    await ctx.deps.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.org_id, orgId), like(ledgerTransfers.idempotency_key, 'payments:%')))
  ).length;

const campaignDraft = () => gateFixtures.campaignDraft(ctx.app);
const gate = (headers: Headers, id: string, payload: unknown) => gateFixtures.setGate(ctx.app, headers, id, payload);
const execute = (headers: Headers, ids: string[]) => call('PUT', '/v1/payments/initiate', headers, { ids });
const addDeliverable = (headers: Headers, campaignId: string, creatorId: string, description?: string) =>
  gateFixtures.addDeliverable(ctx.app, headers, campaignId, creatorId, description);
const sign = (email: string) => gateFixtures.signLatestContract(ctx.app, email);

describe('Payments gated on the contract or the deliverable', () => {
  it('a contract-gated payment waits (named in the preview and the answer, nothing held) until signed, then executes once', async () => {
    const { owner, campaign, creator, draft } = await campaignDraft();
    const set = await gate(owner.headers, draft.id, { requires_contract: true, deliverable_id: null });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      requires_contract: true,
      reasons: [paymentGateMessages.waitsForContract],
      message: paymentGateMessages.saved,
    });
    const contract = await sendContract(ctx.app, owner.headers, creator.id, { payment_group_id: campaign.id });

    const preview = (await call('POST', '/v1/payments/initiate/preview', owner.headers, { ids: [draft.id] })).json();
    expect(preview).toMatchObject({ count: 0, amount: 0, waiting: [{ id: draft.id, reason: paymentGateMessages.waitsForContract }] });
    const before = await walletBalance(ctx.app, owner.headers);
    const answer = await execute(owner.headers, [draft.id]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      processing: 0,
      held: 0,
      waiting: [{ id: draft.id, reason: paymentGateMessages.waitsForContract }],
    });
    expect(await walletBalance(ctx.app, owner.headers)).toBe(before);
    expect(await statusOf(owner.headers, draft.id)).toBe('draft');
    expect((await call('GET', `/v1/payments/${draft.id}/gate`, owner.headers)).json()).toMatchObject({ execute_on_release: true });

    expect((await sign(creator.email)).statusCode).toBe(200);
    const [signed] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(signed!.status).toBe('succeeded');
    expect(await statusOf(owner.headers, draft.id)).toBe('processing');
    expect(await executions(owner.org.id)).toBe(1);
    // The signature's event delivered again: nothing more is executed.
    await releaseGatedPayments(ctx.deps, ctx.deps.db, {
      org_id: owner.org.id,
      type: 'contract.signed',
      data: { contract_id: contract.id },
    });
    expect(await executions(owner.org.id)).toBe(1);
    expect((await call('GET', `/v1/payments/${draft.id}/gate`, owner.headers)).json()).toMatchObject({
      execute_on_release: false,
      reasons: [],
    });
  });

  it('a deliverable-gated payment waits until the deliverable is approved; executed while it waited, it executes then, once', async () => {
    const { owner, campaign, creator, draft } = await campaignDraft();
    const [second] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 5_000, { payment_group_id: campaign.id })]);
    const deliverable = await addDeliverable(owner.headers, campaign.id, creator.id);
    for (const id of [draft.id, second!.id])
      expect((await gate(owner.headers, id, { requires_contract: false, deliverable_id: deliverable.id })).statusCode).toBe(200);
    const reason = paymentGateMessages.waitsForDeliverable('Launch reel');
    const answer = (await execute(owner.headers, [draft.id])).json();
    expect(answer.waiting).toEqual([{ id: draft.id, reason }]);
    const changes = await call('POST', `/v1/deliverables/${deliverable.id}/approval`, owner.headers, { status: 'changes_requested' });
    expect(changes.statusCode).toBe(200);
    expect(await statusOf(owner.headers, draft.id)).toBe('draft');

    expect((await call('POST', `/v1/deliverables/${deliverable.id}/approval`, owner.headers, { status: 'approved' })).statusCode).toBe(200);
    expect(await statusOf(owner.headers, draft.id)).toBe('processing');
    // Its payout was called once the approval had committed (queued before, the call would find nothing and wait for the sweep).
    const calls = await ctx.deps.db
      .select({ status: providerCalls.status })
      .from(providerCalls)
      .where(and(eq(providerCalls.org_id, owner.org.id), eq(providerCalls.operation, 'payouts.create')));
    expect(calls.map((row) => row.status)).toEqual(['succeeded']);
    // Not executed while it waited: it simply becomes an executable draft.
    expect(await statusOf(owner.headers, second!.id)).toBe('draft');
    expect(await executions(owner.org.id)).toBe(1);
    await call('POST', `/v1/deliverables/${deliverable.id}/approval`, owner.headers, { status: 'changes_requested' });
    await call('POST', `/v1/deliverables/${deliverable.id}/approval`, owner.headers, { status: 'approved' });
    await releaseGatedPayments(ctx.deps, ctx.deps.db, {
      org_id: owner.org.id,
      type: 'deliverable.approved',
      data: { deliverable_id: deliverable.id },
    });
    expect(await executions(owner.org.id)).toBe(1);
    const later = (await execute(owner.headers, [second!.id])).json();
    expect(later).toMatchObject({ processing: 1 });
    expect(later.waiting).toBeUndefined();
  });

  it('an execution names each waiting payment with its reasons and executes the others', async () => {
    const { owner, campaign, creator, draft } = await campaignDraft();
    const [free] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 5_000, { payment_group_id: campaign.id })]);
    const deliverable = await addDeliverable(owner.headers, campaign.id, creator.id, 'Story');
    await gate(owner.headers, draft.id, { requires_contract: true, deliverable_id: deliverable.id });
    const answer = (await execute(owner.headers, [draft.id, free!.id])).json();
    expect(answer).toMatchObject({ processing: 1, held: free!.amount + free!.fee });
    expect(answer.waiting).toEqual([
      { id: draft.id, reason: `${paymentGateMessages.waitsForContract}; ${paymentGateMessages.waitsForDeliverable('Story')}` },
    ]);
  });

  it('writes each change to the audit log: who, the payment and what it now waits for', async () => {
    const { owner, campaign, creator, draft } = await campaignDraft();
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    const deliverable = await addDeliverable(owner.headers, campaign.id, creator.id);
    await gate(owner.headers, draft.id, { requires_contract: true, deliverable_id: null });
    await gate(collaborator.headers, draft.id, { requires_contract: false, deliverable_id: deliverable.id });
    const entries = (await call('GET', '/v1/audit_log?action=payments.gate_change', owner.headers)).json().entries;
    expect(entries).toMatchObject([
      {
        description: 'Payment conditions changed (what it waits for)',
        actor: { id: collaborator.user.id },
        target_id: draft.id,
        details: { requires_contract: false, deliverable_id: deliverable.id },
      },
      { actor: { id: owner.user.id }, target_id: draft.id, details: { requires_contract: true, deliverable_id: null } },
    ]);
    // A refused change (not a draft any more) records nothing.
    await gate(owner.headers, draft.id, { requires_contract: false, deliverable_id: null });
    await execute(owner.headers, [draft.id]);
    expect((await gate(owner.headers, draft.id, { requires_contract: true, deliverable_id: null })).statusCode).toBe(409);
    expect((await call('GET', '/v1/audit_log?action=payments.gate_change', owner.headers)).json().entries).toHaveLength(3);
  });

  it('is set by staff on their own campaign drafts; refuses bad input, API keys, external users and another organisation’s ids', async () => {
    const mine = await campaignDraft();
    const theirs = await campaignDraft();
    const theirDeliverable = await addDeliverable(theirs.owner.headers, theirs.campaign.id, theirs.creator.id);
    const collaborator = await createMember(ctx.deps, mine.owner.org.id, 'collaborator');
    expect((await gate(collaborator.headers, mine.draft.id, { requires_contract: true, deliverable_id: null })).statusCode).toBe(200);
    const external = await createMember(ctx.deps, mine.owner.org.id, 'creator');
    expect((await gate(external.headers, mine.draft.id, { requires_contract: false, deliverable_id: null })).statusCode).toBe(403);
    expect((await call('GET', `/v1/payments/${mine.draft.id}/gate`, external.headers)).statusCode).toBe(403);
    const key = await call('POST', '/v1/org_api_token', mine.owner.headers, { scopes: ['read', 'campaigns:write', 'payments:write'] });
    const byKey = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
    expect((await gate(byKey, mine.draft.id, { requires_contract: false, deliverable_id: null })).statusCode).toBe(403);

    for (const payload of [
      {},
      { requires_contract: 'yes', deliverable_id: null },
      { requires_contract: true },
      { requires_contract: true, deliverable_id: 'x' },
    ])
      expect((await gate(mine.owner.headers, mine.draft.id, payload)).statusCode).toBe(400);
    const foreignDeliverable = await gate(mine.owner.headers, mine.draft.id, {
      requires_contract: false,
      deliverable_id: theirDeliverable.id,
    });
    expect(foreignDeliverable.statusCode).toBe(404);
    expect(foreignDeliverable.json()).toMatchObject({ field: 'deliverable_id', message: paymentGateMessages.deliverable });
    expect((await gate(mine.owner.headers, theirs.draft.id, { requires_contract: true, deliverable_id: null })).statusCode).toBe(404);
    expect((await call('GET', `/v1/payments/${theirs.draft.id}/gate`, mine.owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/v1/payments/${theirs.draft.id}/gate`, theirs.owner.headers)).json()).toMatchObject({
      requires_contract: false,
    });

    const [loose] = await createDrafts(ctx.app, mine.owner.headers, [paymentRow(mine.creator.id)]);
    const noCampaign = await gate(mine.owner.headers, loose!.id, { requires_contract: true, deliverable_id: null });
    expect(noCampaign.statusCode).toBe(400);
    expect(noCampaign.json()).toMatchObject({ field: 'requires_contract', message: paymentGateMessages.noCampaign });
    // Nothing asked: the payment waits for nothing and executes.
    expect((await gate(mine.owner.headers, mine.draft.id, { requires_contract: false, deliverable_id: null })).json()).toMatchObject({
      reasons: [],
    });
    expect((await execute(mine.owner.headers, [mine.draft.id])).json()).toMatchObject({ processing: 1 });
    const executed = await gate(mine.owner.headers, mine.draft.id, { requires_contract: true, deliverable_id: null });
    expect(executed.statusCode).toBe(409);
    expect(executed.json().message).toBe(paymentGateMessages.notDraft);
  });
});
