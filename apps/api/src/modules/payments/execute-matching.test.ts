import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner as funded, injector, paymentRow as row, walletBalance } from '../../../test/payment-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { reconcilePayments } from './reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const draftsTab = { tab: 'draft_payments' };
const MANY = 300;

/** An owner with MANY $10 drafts for one creator with a bank and 3 for another creator (a filter by recipient tells them apart). */
async function ownerWithDrafts() {
  const owner = await funded(ctx.app, 1_000_000);
  const [many, few] = [await addCreator(ctx.app, owner.headers, BANK), await addCreator(ctx.app, owner.headers, BANK)];
  const rows = [...Array.from({ length: MANY }, () => row(many.id, 1_000)), ...Array.from({ length: 3 }, () => row(few.id, 1_000))];
  const drafts = await createDrafts(ctx.app, owner.headers, rows);
  return { owner, many, few, drafts };
}

const statusCount = async (headers: Headers, tab: string, recipient: string) =>
  (await inject('GET', `/v1/payments?tab=${tab}&recipient=${recipient}`, headers)).json().total as number;

describe('PUT /v1/payments/initiate with a filter (Select all N matching)', () => {
  it('executes exactly the drafts the filter matches, once, and answers a batch whose progress reaches done', async () => {
    const { owner, many, few, drafts } = await ownerWithDrafts();
    const other = await ownerWithDrafts();
    const filter = { ...draftsTab, recipient: many.id };
    const preview = await inject('POST', '/v1/payments/initiate/preview', owner.headers, { filter });
    expect(preview.json()).toMatchObject({ count: MANY, amount: MANY * 1_000, requires_info: 0 });

    const response = await inject('PUT', '/v1/payments/initiate', owner.headers, { filter });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const held = drafts.filter((d) => d.recipient_role === 'creator').slice(0, MANY);
    expect(answer).toMatchObject({ processing: MANY, requires_info: 0, held: held.reduce((sum, d) => sum + d.amount + d.fee, 0) });
    expect(await walletBalance(ctx.app, owner.headers)).toBe(1_000_000 - answer.held);
    expect(await statusCount(owner.headers, 'draft_payments', many.id)).toBe(0);
    expect(await statusCount(owner.headers, 'draft_payments', few.id)).toBe(3);
    // Another organisation's drafts are not the caller's to execute, whatever the filter matches.
    expect(await statusCount(other.owner.headers, 'draft_payments', other.many.id)).toBe(MANY);

    const progress = await inject('GET', `/v1/payments/batches/${answer.batch_id}`, owner.headers);
    expect(progress.json()).toEqual({
      batch_id: answer.batch_id,
      total: MANY,
      executed: MANY,
      waiting: 0,
      failed: 0,
      remaining: 0,
      is_done: true,
    });
    // The batch is the organisation's: another one asking for it finds nothing.
    expect((await inject('GET', `/v1/payments/batches/${answer.batch_id}`, other.owner.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/v1/payments/batches/not-a-batch', owner.headers)).statusCode).toBe(404);

    // Run again, nothing of the filter is a draft any more: nothing moves.
    const again = await inject('PUT', '/v1/payments/initiate', owner.headers, { filter });
    expect(again.statusCode).toBe(409);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(1_000_000 - answer.held);
    expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
  });

  it('executes the matching drafts once when the same filter is sent twice in parallel', async () => {
    const { owner, many } = await ownerWithDrafts();
    const filter = { ...draftsTab, recipient: many.id };
    const [a, b] = await Promise.all([
      inject('PUT', '/v1/payments/initiate', owner.headers, { filter }),
      inject('PUT', '/v1/payments/initiate', owner.headers, { filter }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const answer = [a, b].find((r) => r.statusCode === 200)!.json();
    expect(answer.processing).toBe(MANY);
    expect(await walletBalance(ctx.app, owner.headers)).toBe(1_000_000 - answer.held);
    expect(await statusCount(owner.headers, 'payments', many.id)).toBe(MANY);
    expect((await reconcilePayments(ctx.deps.db)).problems).toEqual([]);
  });

  it("refuses a team member, another organisation's campaign, and ids beside a filter", async () => {
    const { owner, many, drafts } = await ownerWithDrafts();
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('PUT', '/v1/payments/initiate', collaborator.headers, { filter: draftsTab })).statusCode).toBe(403);
    const other = await funded(ctx.app, 0);
    const campaign = await addCampaign(ctx.app, other.headers);
    const foreign = await inject('PUT', '/v1/payments/initiate', owner.headers, { filter: { payment_group_id: campaign.id } });
    expect(foreign.statusCode).toBe(404);
    const both = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [drafts[0]!.id], filter: draftsTab });
    expect(both.statusCode).toBe(400);
    expect(
      (await inject('PUT', '/v1/payments/initiate', owner.headers, { filter: { tab: 'draft_payments', recipient: 'x' } })).statusCode,
    ).toBe(400);
    expect(await statusCount(owner.headers, 'draft_payments', many.id)).toBe(MANY);
  });
});
