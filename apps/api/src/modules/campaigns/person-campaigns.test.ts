import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { fundedOwner } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addPerson(headers: Headers, role: 'is_agent' | 'is_manager', first_name: string) {
  const response = await call('POST', '/v1/users', headers, {
    email: uniqueEmail(first_name),
    [role]: true,
    first_name,
    last_name: 'Person',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

const titlesFor = async (headers: Headers, personId: string) => {
  const response = await call('GET', `/v1/campaigns?person_id=${personId}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { title: string }[]; total: number }>();
};

describe('GET /v1/campaigns?person_id: the Campaigns tab of an agent or manager', () => {
  it("lists the campaigns where they are the agent or a creator's manager, and no other", async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const agent = await addPerson(owner.headers, 'is_agent', 'Ada');
    const manager = await addPerson(owner.headers, 'is_manager', 'Max');
    const managed = await addCreator(ctx.app, owner.headers, { first_name: 'Mia' });
    const assigned = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/creators/${managed.id}`,
      headers: owner.headers,
      payload: { id: managed.id, manager_id: manager },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const unmanaged = await addCreator(ctx.app, owner.headers, { first_name: 'Una' });
    await addCampaign(ctx.app, owner.headers, { title: 'Agented', agent_id: agent });
    const delivered = await addCampaign(ctx.app, owner.headers, { title: 'Delivered' });
    const paid = await addCampaign(ctx.app, owner.headers, { title: 'Paid' });
    const other = await addCampaign(ctx.app, owner.headers, { title: 'Unrelated' });
    const deliverable = { description: 'Reel', quantity: 1 };
    expect(
      (await call('POST', '/v1/deliverables', owner.headers, { ...deliverable, campaign_id: delivered.id, creator_id: managed.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/v1/deliverables', owner.headers, { ...deliverable, campaign_id: other.id, creator_id: unmanaged.id }))
        .statusCode,
    ).toBe(200);
    const payment = { recipient: managed.id, recipient_role: 'creator', earnings: 10_000, split: 100, memo: '', payment_group_id: paid.id };
    expect((await call('POST', '/v1/payments', owner.headers, [payment])).statusCode).toBe(200);

    expect(await titlesFor(owner.headers, agent)).toMatchObject({ total: 1, data: [{ title: 'Agented' }] });
    const managerTab = await titlesFor(owner.headers, manager);
    expect(managerTab.total).toBe(2);
    expect(managerTab.data.map((row) => row.title)).toEqual(['Paid', 'Delivered']);
    // By cursor too: the same filter on the keyset path.
    const first = await call('GET', `/v1/campaigns?person_id=${manager}&page_size=1`, owner.headers);
    const second = await call(
      'GET',
      `/v1/campaigns?person_id=${manager}&page_size=1&starting_after=${first.json().next_cursor}`,
      owner.headers,
    );
    expect(second.json().data.map((row: { title: string }) => row.title)).toEqual(['Delivered']);
  });

  it("shows nothing of another organisation's campaigns, and refuses a malformed id", async () => {
    const owner = await createOwner(ctx.app);
    const agent = await addPerson(owner.headers, 'is_agent', 'Ari');
    await addCampaign(ctx.app, owner.headers, { title: 'Mine', agent_id: agent });
    const stranger = await createOwner(ctx.app);
    expect(await titlesFor(stranger.headers, agent)).toMatchObject({ total: 0, data: [] });
    const malformed = await call('GET', '/v1/campaigns?person_id=not-a-uuid', owner.headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('User not found');
    expect((await call('GET', `/v1/campaigns?person_id=${agent}`, {})).statusCode).toBe(401);
  });
});
