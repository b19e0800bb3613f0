import { beforeAll, describe, expect, it } from 'vitest';
import { deliverableMessages, messages, NUL_MESSAGE } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign, createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function campaignWithCreator() {
  const owner = await createOwner(ctx.app);
  const campaign = await addCampaign(ctx.app, owner.headers);
  const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Riley', last_name: 'Reels' });
  return { owner, campaign, creator };
}

describe('/v1/deliverables', () => {
  it("adds, lists by campaign, edits and deletes a campaign's deliverables", async () => {
    const { owner, campaign, creator } = await campaignWithCreator();
    const other = await addCampaign(ctx.app, owner.headers, { title: 'Other' });
    const created = await call('POST', '/v1/deliverables', owner.headers, {
      campaign_id: campaign.id,
      creator_id: creator.id,
      description: ' Reel ',
      quantity: 3,
      post_date: '2026-07-01',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      campaign_id: campaign.id,
      creator_id: creator.id,
      creator_name: 'Riley Reels',
      description: 'Reel',
      quantity: 3,
      post_date: '2026-07-01',
    });
    const second = (
      await call('POST', '/v1/deliverables', owner.headers, {
        campaign_id: campaign.id,
        creator_id: creator.id,
        description: 'Story',
        quantity: '2',
        post_date: '',
      })
    ).json();
    expect(second).toMatchObject({ quantity: 2, post_date: null });
    await call('POST', '/v1/deliverables', owner.headers, {
      campaign_id: other.id,
      creator_id: creator.id,
      description: 'Elsewhere',
      quantity: 1,
    });
    const list = (await call('GET', `/v1/deliverables?campaign_id=${campaign.id}`, owner.headers)).json();
    expect(list.data.map((row: { description: string }) => row.description)).toEqual(['Reel', 'Story']);

    const edited = await call('PUT', '/v1/deliverables', owner.headers, { id: second.id, quantity: 5 });
    expect(edited.json()).toMatchObject({ id: second.id, quantity: 5, description: 'Story' });
    expect((await call('PUT', `/v1/deliverables/${second.id}`, owner.headers, { post_date: '2026-08-02' })).json()).toMatchObject({
      quantity: 5,
      post_date: '2026-08-02',
    });
    const deleted = await call('DELETE', '/v1/deliverables', owner.headers, { id: second.id });
    expect(deleted.json()).toEqual({ message: deliverableMessages.deleted, id: second.id });
    expect((await call('DELETE', `/v1/deliverables/${created.json().id}`, owner.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/deliverables/${created.json().id}`, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/v1/deliverables?campaign_id=${campaign.id}`, owner.headers)).json().data).toEqual([]);
  });

  it('saves a deliverable only with quantity and description', async () => {
    const { owner, campaign, creator } = await campaignWithCreator();
    const post = (payload: object) =>
      call('POST', '/v1/deliverables', owner.headers, {
        campaign_id: campaign.id,
        creator_id: creator.id,
        description: 'Post',
        quantity: 1,
        ...payload,
      });
    expect((await post({ description: '  ' })).json()).toMatchObject({ field: 'description', message: messages.required });
    expect((await post({ quantity: '' })).json()).toMatchObject({ field: 'quantity', message: messages.required });
    expect((await post({ quantity: undefined })).json()).toMatchObject({ field: 'quantity', message: messages.required });
    for (const quantity of [0, -1, 1.5, 10_000_000])
      expect((await post({ quantity })).json()).toMatchObject({ field: 'quantity', message: deliverableMessages.quantity });
    expect((await post({ post_date: 'tomorrow' })).json()).toMatchObject({ field: 'post_date' });
    expect((await post({ description: 'Reel\u0000' })).json()).toMatchObject({ field: 'description', message: NUL_MESSAGE });
    expect((await post({ creator_id: undefined })).json()).toMatchObject({ field: 'creator_id', message: messages.required });
    const saved = (await post({})).json();
    expect((await call('PUT', '/v1/deliverables', owner.headers, { id: saved.id, description: '' })).json()).toMatchObject({
      field: 'description',
      message: messages.required,
    });
    expect((await call('GET', '/v1/deliverables', owner.headers)).statusCode).toBe(400);
    expect((await call('GET', `/v1/deliverables?campaign_id=${campaign.id}`, owner.headers)).json().data).toHaveLength(1);
  });

  it('lets team members manage deliverables and refuses external users', async () => {
    const { owner, campaign, creator } = await campaignWithCreator();
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    const created = await call('POST', '/v1/deliverables', collaborator.headers, {
      campaign_id: campaign.id,
      creator_id: creator.id,
      description: 'Post',
      quantity: 1,
    });
    expect(created.statusCode).toBe(200);
    const external = await createMember(ctx.deps, owner.org.id, 'creator');
    for (const [method, url, payload] of [
      ['GET', `/v1/deliverables?campaign_id=${campaign.id}`, undefined],
      ['POST', '/v1/deliverables', { campaign_id: campaign.id, creator_id: creator.id, description: 'Post', quantity: 1 }],
      ['PUT', '/v1/deliverables', { id: created.json().id, quantity: 2 }],
      ['DELETE', '/v1/deliverables', { id: created.json().id }],
    ] as const) {
      expect((await call(method, url, external.headers, payload)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another organization's campaign, creator and deliverable, and changes nothing of theirs", async () => {
    const mine = await campaignWithCreator();
    const theirs = await campaignWithCreator();
    const theirDeliverable = (
      await call('POST', '/v1/deliverables', theirs.owner.headers, {
        campaign_id: theirs.campaign.id,
        creator_id: theirs.creator.id,
        description: 'Theirs',
        quantity: 1,
      })
    ).json();
    const post = (payload: object) =>
      call('POST', '/v1/deliverables', mine.owner.headers, {
        campaign_id: mine.campaign.id,
        creator_id: mine.creator.id,
        description: 'X',
        quantity: 1,
        ...payload,
      });
    const theirCampaign = await post({ campaign_id: theirs.campaign.id });
    expect(theirCampaign.statusCode).toBe(404);
    expect(theirCampaign.json()).toMatchObject({ field: 'campaign_id', message: 'Campaign not found' });
    expect((await post({ creator_id: theirs.creator.id })).json()).toMatchObject({
      field: 'creator_id',
      message: deliverableMessages.creatorNotFound,
    });
    expect((await call('GET', `/v1/deliverables?campaign_id=${theirs.campaign.id}`, mine.owner.headers)).statusCode).toBe(404);
    expect((await call('PUT', '/v1/deliverables', mine.owner.headers, { id: theirDeliverable.id, quantity: 9 })).statusCode).toBe(404);
    expect((await call('DELETE', '/v1/deliverables', mine.owner.headers, { id: theirDeliverable.id })).statusCode).toBe(404);
    const myDeliverable = (await post({})).json();
    expect(
      (await call('PUT', '/v1/deliverables', mine.owner.headers, { id: myDeliverable.id, creator_id: theirs.creator.id })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/v1/deliverables?campaign_id=${theirs.campaign.id}`, theirs.owner.headers)).json().data).toMatchObject([
      { quantity: 1, description: 'Theirs' },
    ]);
  });
});
