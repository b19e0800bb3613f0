import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner as funded, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const fundedOwner = (amount?: number) => funded(ctx.app, amount);
const drafts = (headers: Headers, rows: object[]) => createDrafts(ctx.app, headers, rows);

describe('POST /v1/payments', () => {
  it('answers every row message, saves nothing, and recomputes the amounts', async () => {
    const owner = await fundedOwner(0);
    const creator = await addCreator(ctx.app, owner.headers);
    const bad = await inject('POST', '/v1/payments', owner.headers, [
      { recipient: null, earnings: 10_000 },
      row(creator.id, 0),
      row(creator.id, 100),
      row(creator.id, 10_000, { memo: 'longer than ten' }),
      row(creator.id),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'There were issues with the payments above',
      rows: [
        { index: 0, message: 'No Recipent specified' },
        { index: 1, message: 'No amount provided' },
        { index: 2, message: 'Amount to be paid should be more than $1.00' },
        { index: 3, message: 'Memo must be at most 10 characters' },
      ],
    });
    expect((await inject('POST', '/v1/payments', owner.headers, [])).json().message).toBe('There are no Payments');
    expect((await inject('GET', '/v1/payments?tab=all_payments', owner.headers)).json().total).toBe(0);
    const [saved] = await drafts(owner.headers, [{ ...row(creator.id, 12_345, { split: 50 }), amount: 1, state_withholdings: 99 }]);
    expect(saved).toMatchObject({ amount: 6_173, status: 'draft' });
  });

  it('refuses another organisation’s creator, and needs a treasury account', async () => {
    const owner = await fundedOwner(0);
    const other = await createOwner(ctx.app);
    const theirs = await addCreator(ctx.app, other.headers);
    const response = await inject('POST', '/v1/payments', owner.headers, [row(theirs.id)]);
    expect(response.json().rows[0].message).toBe('This recipient is not one of your creators, agents or managers');
    const mine = await addCreator(ctx.app, other.headers);
    const noTreasury = await inject('POST', '/v1/payments', other.headers, [row(mine.id)]);
    expect(noTreasury.statusCode).toBe(403);
  });

  it('creates agent and manager payments from the creator’s splits and withholds for W-2', async () => {
    const owner = await fundedOwner(0);
    const agent = await inject('POST', '/v1/users', owner.headers, {
      first_name: 'Ava',
      last_name: 'Agent',
      email: `agent.${Date.now()}@example.com`,
      is_agent: true,
    });
    expect(agent.statusCode, agent.body).toBe(200);
    const creator = await addCreator(ctx.app, owner.headers, { is_w2: true, address_state: 'TX' });
    const patch = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      agent_id: agent.json().id,
      agent_split: 10,
      is_w2: true,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const saved = await drafts(owner.headers, [row(creator.id, 100_000)]);
    // 22% federal (TX: no state tax), then the agent's 10% of what is left comes out of the creator's.
    expect(saved.map((p) => [p.recipient_role, p.amount])).toEqual([
      ['creator', 70_200],
      ['agent', 7_800],
    ]);
  });
});

describe('PUT and DELETE /v1/payments', () => {
  it('edits and deletes drafts only; another organisation’s ids are not found', async () => {
    const owner = await fundedOwner(0);
    const creator = await addCreator(ctx.app, owner.headers);
    const [draft] = await drafts(owner.headers, [row(creator.id)]);
    const edit = await inject('PUT', '/v1/payments', owner.headers, { id: draft!.id, earnings: 20_000, split: 50, memo: 'June' });
    expect(edit.json()).toMatchObject({ amount: 10_000, memo: 'June' });
    const other = await createOwner(ctx.app);
    expect((await inject('PUT', '/v1/payments', other.headers, { id: draft!.id, earnings: 20_000, split: 50, memo: '' })).statusCode).toBe(
      404,
    );
    expect((await inject('GET', `/v1/payments/${draft!.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', '/v1/payments', other.headers, { ids: [draft!.id] })).statusCode).toBe(404);
    const deleted = await inject('DELETE', '/v1/payments', owner.headers, { ids: [draft!.id] });
    expect(deleted.json()).toEqual({ message: 'Payments have been deleted!', count: 1 });
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).statusCode).toBe(404);
  });
});

describe('GET /v1/payments', () => {
  it('names each recipient, a creator or an agent, with their email, by page number and by cursor', async () => {
    const owner = await fundedOwner(0);
    const creator = await addCreator(ctx.app, owner.headers);
    const email = `agent.${Date.now()}@example.com`;
    const agent = (
      await inject('POST', '/v1/users', owner.headers, { first_name: 'Ava', last_name: 'Agent', email, is_agent: true })
    ).json();
    await drafts(owner.headers, [row(creator.id), { recipient: agent.id, recipient_role: 'agent', earnings: 5_000, split: 100, memo: '' }]);
    const byPage = (await inject('GET', '/v1/payments', owner.headers)).json();
    const named = (list: { recipient_role: string; recipient_name: string; recipient_email: string | null }[]) =>
      list.map((payment) => [payment.recipient_role, payment.recipient_name, payment.recipient_email]).sort();
    expect(named(byPage.data)).toEqual([
      ['agent', 'Ava Agent', email],
      ['creator', 'Casey Creator', creator.email],
    ]);
    const first = (await inject('GET', '/v1/payments?page_size=1', owner.headers)).json();
    const second = (await inject('GET', `/v1/payments?page_size=1&starting_after=${first.next_cursor}`, owner.headers)).json();
    expect(named([...first.data, ...second.data])).toEqual(named(byPage.data));
  });

  it('filters by tab (an unknown tab is All), recipient and pages on the server', async () => {
    const owner = await fundedOwner(1_000_000);
    const banked = await addCreator(ctx.app, owner.headers, BANK);
    const other = await addCreator(ctx.app, owner.headers);
    const rows = await drafts(owner.headers, [row(banked.id), row(banked.id), row(other.id)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [rows[0]!.id] });
    const count = async (query: string) => (await inject('GET', `/v1/payments?${query}`, owner.headers)).json().total as number;
    expect(await count('tab=all_payments')).toBe(3);
    expect(await count('tab=unknown')).toBe(3);
    expect(await count('tab=draft_payments')).toBe(2);
    expect(await count('tab=payments')).toBe(1);
    expect(await count('tab=posted_payments')).toBe(0);
    expect(await count(`tab=all_payments&recipient=${other.id}`)).toBe(1);
    const page = (await inject('GET', '/v1/payments?tab=all_payments&page=1&page_size=2', owner.headers)).json();
    expect(page).toMatchObject({ total: 3, page: 1, has_more: false });
    expect(page.data).toHaveLength(1);
    expect(page.data[0].recipient_name).toBe('Casey Creator');
    // Past the last row no row carries the total: it is still the tab's count.
    const past = (await inject('GET', '/v1/payments?tab=all_payments&page=4&page_size=2', owner.headers)).json();
    expect(past).toMatchObject({ total: 3, page: 4, data: [], has_more: false });

    // By cursor: the same rows in the same order, the total counted only on the first page.
    const numbered = (await inject('GET', '/v1/payments?tab=all_payments', owner.headers)).json();
    const first = (await inject('GET', '/v1/payments?tab=all_payments&page_size=2', owner.headers)).json();
    expect(first).toMatchObject({ total: 3, has_more: true });
    const rest = (
      await inject('GET', `/v1/payments?tab=all_payments&page_size=2&starting_after=${first.next_cursor}`, owner.headers)
    ).json();
    expect(rest).toMatchObject({ total: null, has_more: false, next_cursor: null });
    expect([...first.data, ...rest.data].map((p: { id: string }) => p.id)).toEqual(numbered.data.map((p: { id: string }) => p.id));
    expect([...first.data, ...rest.data]).toEqual(numbered.data);
    const bad = await inject('GET', '/v1/payments?starting_after=bm9wZQ', owner.headers);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid cursor']);
  });

  it('refuses an inactive creator unless a campaign is set', async () => {
    const owner = await fundedOwner(0);
    const creator = await addCreator(ctx.app, owner.headers);
    expect((await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { is_active: false })).statusCode).toBe(200);
    const refused = await inject('POST', '/v1/payments', owner.headers, [row(creator.id)]);
    expect(refused.json().rows[0].message).toBe('Inactive creators can only be paid within a campaign');
    const campaign = await addCampaign(ctx.app, owner.headers);
    const [saved] = await drafts(owner.headers, [row(creator.id, 10_000, { payment_group_id: campaign.id })]);
    expect((await inject('GET', `/v1/payments/${saved!.id}`, owner.headers)).json().payment_group_id).toBe(campaign.id);
  });

  it("refuses a made-up or another organization's payment_group_id, so an inactive creator cannot slip through", async () => {
    const owner = await fundedOwner(0);
    const creator = await addCreator(ctx.app, owner.headers);
    expect((await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { is_active: false })).statusCode).toBe(200);
    const other = await createOwner(ctx.app);
    const theirs = await addCampaign(ctx.app, other.headers);
    for (const groupId of ['0192f0e0-0000-7000-8000-000000000001', theirs.id]) {
      const refused = await inject('POST', '/v1/payments', owner.headers, [row(creator.id, 10_000, { payment_group_id: groupId })]);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'Campaign not found', field: 'payment_group_id' });
      expect((await inject('GET', `/v1/payments?payment_group_id=${groupId}`, owner.headers)).statusCode).toBe(404);
      expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [], payment_group_id: groupId })).statusCode).toBe(404);
    }
    expect((await inject('GET', '/v1/payments?tab=all_payments', owner.headers)).json().total).toBe(0);
  });
});
