import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { block, contractMultipart, postContract, twoPagePdf } from '../../../test/contract-fixtures.ts';
import { contracts } from '../../db/schema/index.ts';

type Headers = Record<string, string>;
type Page = { data: { id: string; org_id: string }[]; total: number | null; has_more: boolean; next_cursor: string | null };

let ctx: TestContext;
let owner: Headers;
let theirs: Headers;
let creatorId: string;
let campaignId: string;
const ours: string[] = [];
const theirIds: string[] = [];
const COUNT = 7;

async function plainContract(headers: Headers, fields: Record<string, string>): Promise<string> {
  const response = await postContract(
    ctx.app,
    headers,
    { title: 'Signed on paper', type: 'plain_file', recipient_type: 'creator', expiration_date: '2099-01-01', ...fields },
    { name: 'paper.pdf', bytes: await twoPagePdf() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contract-paging-')) });
  owner = (await createOwner(ctx.app, { orgName: 'Paging ours' })).headers;
  theirs = (await createOwner(ctx.app, { orgName: 'Paging theirs' })).headers;
  creatorId = (await addCreator(ctx.app, owner)).id;
  const campaign = await addCampaign(ctx.app, owner);
  campaignId = campaign.id;
  for (let index = 0; index < COUNT - 2; index += 1) ours.push(await plainContract(owner, { recipient: creatorId }));
  for (let index = 0; index < 2; index += 1)
    ours.push(await plainContract(owner, { recipient: campaign.customer_id, recipient_type: 'customer', payment_group_id: campaign.id }));
  const theirCreator = await addCreator(ctx.app, theirs);
  for (let index = 0; index < 3; index += 1) theirIds.push(await plainContract(theirs, { recipient: theirCreator.id }));
  // Three contracts created in the same microsecond: the id breaks the tie, so none is skipped or repeated.
  await ctx.database.db
    .update(contracts)
    .set({ created_at: new Date('2026-03-04T05:06:07.123Z') })
    .where(inArray(contracts.id, [ours[1]!, ours[2]!, ours[5]!]));
});

const list = async (query: string, headers = owner): Promise<Page> => {
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/contracts?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

/** Follows next_cursor from the first page to the last; answers every id and the totals of the cursor pages. */
async function walk(base: string, headers = owner) {
  const first = await list(base, headers);
  const ids = first.data.map((row) => row.id);
  const totals: (number | null)[] = [];
  let cursor = first.next_cursor;
  while (cursor) {
    const page = await list(`${base}&starting_after=${cursor}`, headers);
    ids.push(...page.data.map((row) => row.id));
    totals.push(page.total);
    cursor = page.next_cursor;
    if (!page.has_more) expect(cursor).toBeNull();
  }
  return { first, ids, totals };
}

describe('GET /v1/contracts paged by keyset (starting_after) and by page', () => {
  it('walks every contract of the organisation once, in the order of the numbered pages, and no other organisation’s', async () => {
    const numbered = (await Promise.all([0, 1, 2].map((page) => list(`page=${page}&page_size=3`)))).flatMap((page) =>
      page.data.map((row) => row.id),
    );
    expect(numbered).toHaveLength(COUNT);
    const { first, ids, totals } = await walk('page_size=3');
    expect(first).toMatchObject({ total: COUNT, has_more: true });
    expect(ids).toEqual(numbered);
    expect(new Set(ids)).toEqual(new Set(ours));
    expect(totals).toEqual([null, null]);
    expect(ids.some((id) => theirIds.includes(id))).toBe(false);

    const theirWalk = await walk('page_size=2', theirs);
    expect(new Set(theirWalk.ids)).toEqual(new Set(theirIds));
    expect(theirWalk.first.total).toBe(3);
  });

  it('pages the creator’s and the campaign’s Contracts tabs by cursor within their filter', async () => {
    const creator = await walk(`creator_id=${creatorId}&page_size=2`);
    expect(creator.first.total).toBe(COUNT - 2);
    expect(new Set(creator.ids)).toEqual(new Set(ours.slice(0, COUNT - 2)));
    expect(creator.ids).toHaveLength(COUNT - 2);
    const campaign = await walk(`payment_group_id=${campaignId}&page_size=1`);
    expect(new Set(campaign.ids)).toEqual(new Set(ours.slice(COUNT - 2)));
    expect(campaign.ids).toHaveLength(2);
    // Another organisation asking for our creator's contracts sees none.
    expect((await list(`creator_id=${creatorId}`, theirs)).data).toEqual([]);
  });

  it('answers a page past the end empty, with no cursor', async () => {
    expect(await list('page=5&page_size=3')).toMatchObject({ data: [], total: COUNT, has_more: false, next_cursor: null });
  });

  it('refuses cursors it did not make and wrong page numbers with a readable 400', async () => {
    for (const query of [
      'starting_after=not-a-cursor',
      `starting_after=${Buffer.from('123.nope').toString('base64url')}`,
      `starting_after=${'x'.repeat(300)}`,
    ]) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/v1/contracts?${query}`, headers: owner });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message).toBe('Invalid cursor');
    }
    for (const query of ['page=-1', 'page=abc', 'page_size=0', 'page_size=101', 'page=1e400']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/v1/contracts?${query}`, headers: owner })).statusCode, query).toBe(400);
    }
  });
});

describe('GET /v1/contract_templates paged', () => {
  it('answers the organisation’s one template in a page with its total, never another organisation’s', async () => {
    const body = contractMultipart({ title: 'Standard agreement' }, { name: 'standard.pdf', bytes: await twoPagePdf() });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contract_templates/embedded',
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contract_templates',
      headers: owner,
      payload: { template_id: started.json().template_id, title: 'Standard agreement', formFields: [block(1, 1)] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (await ctx.app.inject({ method: 'GET', url: '/v1/contract_templates?page_size=1', headers: owner })).json();
    expect(page).toMatchObject({ total: 1, has_more: false, next_cursor: null, data: [{ id: saved.json().id }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/contract_templates', headers: theirs })).json()).toMatchObject({
      data: [],
      total: 0,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/contract_templates?starting_after=bad!', headers: owner })).statusCode).toBe(
      400,
    );
  });
});
