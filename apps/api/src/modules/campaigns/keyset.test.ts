import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCampaign, addCustomer } from '../../../test/campaign-fixtures.ts';
import { walkBothWays } from '../../../test/keyset-fixtures.ts';

let ctx: TestContext;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
const ownIds: string[] = [];
const otherIds: string[] = [];
const COUNT = 22;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await createOwner(ctx.app, { orgName: 'Keyset campaigns' })).headers;
  otherHeaders = (await createOwner(ctx.app, { orgName: 'Other campaigns' })).headers;
  const customer = await addCustomer(ctx.app, headers);
  const otherCustomer = await addCustomer(ctx.app, otherHeaders);
  for (let index = 0; index < COUNT; index += 1) {
    ownIds.push((await addCampaign(ctx.app, headers, { customer_id: customer.id, title: `Launch ${index}` })).id);
    if (index % 4 === 0)
      otherIds.push((await addCampaign(ctx.app, otherHeaders, { customer_id: otherCustomer.id, title: `Launch ${index}` })).id);
  }
  // Several rows in one microsecond, across both organisations: the id breaks the tie.
  await ctx.database.db.execute(
    sql`UPDATE campaigns SET created_at = '2026-01-02 03:04:05.123456+00' WHERE title IN ('Launch 3', 'Launch 4', 'Launch 8', 'Launch 20')`,
  );
  // Three archived campaigns: the Archived Campaigns tab pages on its own.
  await ctx.database.db.execute(sql`UPDATE campaigns SET campaign_status = 'archived' WHERE title IN ('Launch 1', 'Launch 4', 'Launch 7')`);
});

describe('GET /v1/campaigns by cursor (starting_after)', () => {
  it('walks every campaign of a tab once, in the order of the numbered pages', async () => {
    const active = await walkBothWays(ctx.app, headers, '/v1/campaigns', { pageSize: 4 });
    expect(active.numbered).toHaveLength(COUNT - 3);
    expect(active.walked).toEqual(active.numbered);
    expect(new Set(active.walked).size).toBe(COUNT - 3);

    const archived = await walkBothWays(ctx.app, headers, '/v1/campaigns?archived=true', { pageSize: 2 });
    expect(archived.walked).toEqual(archived.numbered);
    expect(archived.walked).toHaveLength(3);
    expect(new Set([...active.walked, ...archived.walked])).toEqual(new Set(ownIds));
    expect([...active.walked, ...archived.walked].some((id) => otherIds.includes(id))).toBe(false);
  });

  it('pages a title search by cursor', async () => {
    const { numbered, walked } = await walkBothWays(ctx.app, headers, '/v1/campaigns?search=launch%201', { pageSize: 3 });
    expect(walked).toEqual(numbered);
    expect(walked).toHaveLength(10); // Launch 10 to 19; Launch 1 is archived
  });

  it("filters by customer and by a search with LIKE's own characters, each with its total, by number and by cursor", async () => {
    const second = await addCustomer(ctx.app, headers);
    const titles = ['Promo 100%', 'Promo_2', 'Promo 2x'];
    const promos: Record<string, string> = {};
    for (const title of titles) promos[title] = (await addCampaign(ctx.app, headers, { customer_id: second.id, title })).id;
    ownIds.push(...Object.values(promos));
    const list = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/v1/campaigns?${query}`, headers })).json();

    const byCustomer = await walkBothWays(ctx.app, headers, `/v1/campaigns?customer_id=${second.id}`, { pageSize: 2 });
    expect(byCustomer.walked).toEqual(byCustomer.numbered);
    expect(new Set(byCustomer.walked)).toEqual(new Set(Object.values(promos)));
    expect((await list(`customer_id=${second.id}`)).total).toBe(3);
    expect(await list(`customer_id=${second.id}&page=9&page_size=2`)).toMatchObject({ data: [], total: 3 });
    // % and _ are matched as themselves, not as wildcards.
    const percent = await list('search=100%25');
    expect([percent.total, percent.data.map((row: { id: string }) => row.id)]).toEqual([1, [promos['Promo 100%']]]);
    const underscore = await list(`search=o_2&customer_id=${second.id}`);
    expect([underscore.total, underscore.data.map((row: { id: string }) => row.id)]).toEqual([1, [promos.Promo_2]]);
    // Another organisation's customer id finds nothing here.
    const foreign = await addCustomer(ctx.app, otherHeaders);
    expect(await list(`customer_id=${foreign.id}`)).toMatchObject({ data: [], total: 0 });
  });

  it("never shows another organisation's campaigns after a cursor made from its own list", async () => {
    const { firstCursor } = await walkBothWays(ctx.app, otherHeaders, '/v1/campaigns', { pageSize: 2 });
    const answer = await ctx.app.inject({ method: 'GET', url: `/v1/campaigns?page_size=100&starting_after=${firstCursor}`, headers });
    expect(answer.statusCode).toBe(200);
    const ids = answer.json<{ data: { id: string }[] }>().data.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => ownIds.includes(id))).toBe(true);
  });

  it('refuses a cursor it did not make with a readable 400', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/v1/campaigns?starting_after=bad!', headers });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Invalid cursor');
  });
});
