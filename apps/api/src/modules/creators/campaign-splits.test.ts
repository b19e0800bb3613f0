import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages, campaignSplitMessages, creatorMessages, splitMessage } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign, createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const splitsUrl = (creatorId: string) => `/v1/creators/${creatorId}/campaign_splits`;

async function ownerWithCreatorAndCampaign(owner?: { headers: Headers }) {
  const who = owner ?? (await createOwner(ctx.app));
  const creator = await addCreator(ctx.app, who.headers);
  const campaign = await addCampaign(ctx.app, who.headers, { title: 'Summer drop' });
  return { owner: who, creator, campaign };
}

async function addSplit(headers: Headers, creatorId: string, body: object) {
  const response = await call('POST', splitsUrl(creatorId), headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; agent_split: number; manager_split: number }>();
}

async function addPerson(headers: Headers, role: 'is_agent' | 'is_manager') {
  const response = await call('POST', '/v1/users', headers, {
    email: uniqueEmail(role),
    [role]: true,
    first_name: 'Pat',
    last_name: 'Party',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

describe('/v1/creators/{id}/campaign_splits', () => {
  it('adds, lists, changes and removes a split per campaign', async () => {
    const { owner, creator, campaign } = await ownerWithCreatorAndCampaign();
    const created = await addSplit(owner.headers, creator.id, { payment_group_id: campaign.id, agent_split: 20, manager_split: 5 });
    expect(created).toMatchObject({
      creator_id: creator.id,
      payment_group_id: campaign.id,
      campaign_title: 'Summer drop',
      agent_split: 20,
      manager_split: 5,
    });
    const listed = await call('GET', splitsUrl(creator.id), owner.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([created]);

    const changed = await call('PUT', `${splitsUrl(creator.id)}/${created.id}`, owner.headers, { manager_split: 15 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ agent_split: 20, manager_split: 15 });
    const unchanged = await call('PUT', `${splitsUrl(creator.id)}/${created.id}`, owner.headers, {});
    expect(unchanged.json()).toMatchObject({ agent_split: 20, manager_split: 15 });

    const removed = await call('DELETE', `${splitsUrl(creator.id)}/${created.id}`, owner.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: campaignSplitMessages.removed, id: created.id });
    expect((await call('GET', splitsUrl(creator.id), owner.headers)).json().data).toEqual([]);
    const again = await call('DELETE', `${splitsUrl(creator.id)}/${created.id}`, owner.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(campaignSplitMessages.notFound);
  });

  it('answers each validation message', async () => {
    const { owner, creator, campaign } = await ownerWithCreatorAndCampaign();
    const refused = async (body: object, status: number, message: string) => {
      const response = await call('POST', splitsUrl(creator.id), owner.headers, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    };
    await refused({ agent_split: 10, manager_split: 10 }, 400, campaignSplitMessages.noCampaign);
    await refused({ payment_group_id: 'nope', agent_split: 10, manager_split: 10 }, 400, campaignSplitMessages.noCampaign);
    await refused({ payment_group_id: campaign.id, agent_split: 101, manager_split: 10 }, 400, splitMessage);
    await refused({ payment_group_id: campaign.id, agent_split: 10, manager_split: -1 }, 400, splitMessage);
    await refused({ payment_group_id: campaign.id, agent_split: 12.5, manager_split: 10 }, 400, splitMessage);
    await refused({ payment_group_id: campaign.id, agent_split: '10', manager_split: 10 }, 400, splitMessage);
    await refused({ payment_group_id: campaign.id, agent_split: 10 }, 400, splitMessage);
    await refused({ payment_group_id: crypto.randomUUID(), agent_split: 10, manager_split: 10 }, 404, campaignMessages.notFound);
    await addSplit(owner.headers, creator.id, { payment_group_id: campaign.id, agent_split: 10, manager_split: 10 });
    await refused({ payment_group_id: campaign.id, agent_split: 30, manager_split: 0 }, 409, campaignSplitMessages.duplicate);

    const [split] = (await call('GET', splitsUrl(creator.id), owner.headers)).json().data;
    const badChange = await call('PUT', `${splitsUrl(creator.id)}/${split.id}`, owner.headers, { agent_split: 200 });
    expect(badChange.statusCode).toBe(400);
    expect(badChange.json().message).toBe(splitMessage);
    const unknown = await call('PUT', `${splitsUrl(creator.id)}/${crypto.randomUUID()}`, owner.headers, { agent_split: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(campaignSplitMessages.notFound);
    expect((await call('GET', splitsUrl(crypto.randomUUID()), owner.headers)).json().message).toBe(creatorMessages.notFound);
  });

  it('is open to team members, closed to creators and to the signed out', async () => {
    const { owner, creator, campaign } = await ownerWithCreatorAndCampaign();
    const orgId = (await call('GET', '/v1/org', owner.headers)).json().id as string;
    const teamMember = await createMember(ctx.deps, orgId, 'collaborator');
    const split = await addSplit(teamMember.headers, creator.id, { payment_group_id: campaign.id, agent_split: 15, manager_split: 5 });
    expect((await call('GET', splitsUrl(creator.id), teamMember.headers)).json().data).toHaveLength(1);
    const external = await createMember(ctx.deps, orgId, 'creator');
    for (const [method, url] of [
      ['GET', splitsUrl(creator.id)],
      ['POST', splitsUrl(creator.id)],
      ['PUT', `${splitsUrl(creator.id)}/${split.id}`],
      ['DELETE', `${splitsUrl(creator.id)}/${split.id}`],
    ] as const) {
      const body =
        method === 'POST' ? { payment_group_id: campaign.id, agent_split: 1, manager_split: 1 } : method === 'PUT' ? {} : undefined;
      expect((await call(method, url, external.headers, body)).statusCode).toBe(403);
      expect((await call(method, url, {}, body)).statusCode).toBe(401);
    }
  });

  it("never reads or changes another organisation's creators, campaigns or splits", async () => {
    const mine = await ownerWithCreatorAndCampaign();
    const theirs = await ownerWithCreatorAndCampaign();
    const split = await addSplit(mine.owner.headers, mine.creator.id, {
      payment_group_id: mine.campaign.id,
      agent_split: 20,
      manager_split: 5,
    });
    const body = { payment_group_id: theirs.campaign.id, agent_split: 10, manager_split: 10 };
    // Their campaign on my creator, my campaign on their creator: neither exists for me.
    const theirCampaign = await call('POST', splitsUrl(mine.creator.id), mine.owner.headers, body);
    expect([theirCampaign.statusCode, theirCampaign.json().message]).toEqual([404, campaignMessages.notFound]);
    const theirCreator = await call('POST', splitsUrl(theirs.creator.id), mine.owner.headers, {
      ...body,
      payment_group_id: mine.campaign.id,
    });
    expect([theirCreator.statusCode, theirCreator.json().message]).toEqual([404, creatorMessages.notFound]);
    // My split through their session, on my creator's address or theirs.
    const other = theirs.owner.headers;
    expect((await call('GET', splitsUrl(mine.creator.id), other)).statusCode).toBe(404);
    expect((await call('PUT', `${splitsUrl(mine.creator.id)}/${split.id}`, other, { agent_split: 90 })).statusCode).toBe(404);
    expect((await call('PUT', `${splitsUrl(theirs.creator.id)}/${split.id}`, other, { agent_split: 90 })).statusCode).toBe(404);
    expect((await call('DELETE', `${splitsUrl(mine.creator.id)}/${split.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', splitsUrl(mine.creator.id), mine.owner.headers)).json().data).toMatchObject([{ agent_split: 20 }]);
  });
});

describe("payments to a creator in a campaign with the creator's split for it", () => {
  it("pay the agent and the manager the campaign's split, other payments the default", async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const { creator, campaign } = await ownerWithCreatorAndCampaign(owner);
    const agent = await addPerson(owner.headers, 'is_agent');
    const manager = await addPerson(owner.headers, 'is_manager');
    const assigned = await call('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      id: creator.id,
      agent_id: agent,
      manager_id: manager,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await addSplit(owner.headers, creator.id, { payment_group_id: campaign.id, agent_split: 25, manager_split: 5 });

    const inCampaign = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 100_000, { payment_group_id: campaign.id })]);
    const byRole = (rows: { recipient_role: string; amount: number }[]) =>
      Object.fromEntries(rows.map((row) => [row.recipient_role, row.amount]));
    expect(byRole(inCampaign)).toEqual({ creator: 70_000, agent: 25_000, manager: 5_000 });
    const outside = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 100_000)]);
    expect(byRole(outside)).toEqual({ creator: 80_000, agent: 10_000, manager: 10_000 });

    // Editing the campaign's draft recomputes with the campaign's split too.
    const own = inCampaign.find((row) => row.recipient_role === 'creator')!;
    const edited = await call('PUT', '/v1/payments', owner.headers, { id: own.id, earnings: 200_000, split: 100, memo: 'May' });
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = await call('GET', `/v1/payments?payment_group_id=${campaign.id}&tab=all_payments`, owner.headers);
    expect(byRole(listed.json().data)).toEqual({ creator: 140_000, agent: 50_000, manager: 10_000 });
  });
});
