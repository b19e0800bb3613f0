import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages, listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCampaign, addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { campaigns } from '../../db/schema/index.ts';

type Headers = Record<string, string>;

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let acmeId: string;
let globexId: string;
const COPIES = 530;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createOwner(ctx.app, { orgName: 'Filtered campaigns' });
  acmeId = (await addCustomer(ctx.app, owner.headers, { name: 'Acme Brand' })).id;
  globexId = (await addCustomer(ctx.app, owner.headers, { name: 'Globex' })).id;
  const model = await addCampaign(ctx.app, owner.headers, { title: 'Summer drop model', customer_id: acmeId, deal_size: 150_000 });
  // More rows than one export chunk (500), copied straight into the table: creating each through
  // the API would take minutes. Days created cycle over November 1-10 (UTC noon).
  const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, model.id));
  await ctx.database.db.insert(campaigns).values(
    Array.from({ length: COPIES }, (_, index) => ({
      ...row!,
      id: randomUUID(),
      title: `Summer drop ${index}`,
      campaign_status: index % 2 === 0 ? ('active' as const) : ('preflight' as const),
      created_at: new Date(Date.UTC(2026, 10, 1 + (index % 10), 12)),
    })),
  );
  await addCampaign(ctx.app, owner.headers, { title: '=HYPERLINK("http://evil.example") launch', customer_id: globexId });
  const archived = await addCampaign(ctx.app, owner.headers, { title: 'Winter archive', customer_id: globexId });
  await ctx.app.inject({
    method: 'PUT',
    url: `/v1/campaigns/${archived.id}`,
    headers: owner.headers,
    payload: { campaign_status: 'archived' },
  });
  const theirs = (await createOwner(ctx.app, { orgName: 'Other campaigns' })).headers;
  await addCampaign(ctx.app, theirs, { title: 'Summer drop theirs' });
});

const get = (url: string, headers: Headers = owner.headers) => ctx.app.inject({ method: 'GET', url, headers });
const totalOf = async (query: string) => {
  const response = await get(`/v1/campaigns?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number; data: { title: string }[] }>();
};
const lines = (body: string) => body.split('\r\n');

describe('GET /v1/campaigns filters', () => {
  it('filters by status, customer, days created and the title, within the tab', async () => {
    expect((await totalOf('status=active')).total).toBe(COPIES / 2);
    expect((await totalOf('status=preflight')).total).toBe(COPIES / 2 + 2);
    expect((await totalOf(`customer_id=${globexId}`)).total).toBe(1);
    expect((await totalOf('created_from=2026-11-03&created_to=2026-11-04')).total).toBe(COPIES / 5);
    expect((await totalOf('created_from=2026-11-03&created_to=2026-11-03&status=preflight&page_size=5')).total).toBe(0);
    expect((await totalOf('created_from=2026-11-02&created_to=2026-11-02&status=preflight')).total).toBe(COPIES / 10);
    expect((await totalOf('search=summer%20drop')).total).toBe(COPIES + 1);
    expect((await totalOf('archived=true&status=archived')).data.map((campaign) => campaign.title)).toEqual(['Winter archive']);
    expect((await totalOf('status=archived')).total).toBe(0);
  });

  it('pages a filter by cursor as by number', async () => {
    const first = (await get('/v1/campaigns?status=active&created_from=2026-11-01&page_size=100')).json();
    const second = (
      await get(`/v1/campaigns?status=active&created_from=2026-11-01&page_size=100&starting_after=${first.next_cursor}`)
    ).json();
    expect(second.data).toHaveLength(100);
    expect(second.data.every((campaign: { campaign_status: string }) => campaign.campaign_status === 'active')).toBe(true);
  });

  it('refuses bad filters with a 400 and its message', async () => {
    const status = await get('/v1/campaigns?status=lost');
    expect(status.statusCode).toBe(400);
    expect(status.body).toContain(campaignMessages.status);
    expect((await get('/v1/campaigns?created_from=2026-02-30')).body).toContain(listFilterMessages.day);
    expect((await get(`/v1/campaigns?search=${'a'.repeat(201)}`)).body).toContain(listFilterMessages.search);
    expect((await get('/v1/campaigns?customer_id=nope')).statusCode).toBe(400);
  });
});

describe('GET /v1/campaigns/export', () => {
  it('streams every row of the filter beyond one chunk with the list’s columns, never another organisation’s', async () => {
    const response = await get('/v1/campaigns/export?search=summer%20drop');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="campaigns_list.csv"');
    const [header, ...rows] = lines(response.body);
    expect(header).toBe(
      'id,title,description,customer,agent,status,start_date,end_date,deal_size,payments_completed,payments_total,invoices_paid,invoices_total,created_at',
    );
    expect(rows).toHaveLength(COPIES + 1);
    expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(COPIES + 1);
    expect(rows[0]).toMatch(/,Summer drop model,,Acme Brand,,Preflight,,,1500\.00,0,0,0,0,\d{4}-/);
    expect(response.body).not.toContain('theirs');
  });

  it('keeps the status, the customer, the days created and the tab, and neutralises formula-like titles', async () => {
    expect(lines((await get('/v1/campaigns/export?status=active&created_to=2026-11-01')).body)).toHaveLength(1 + COPIES / 10);
    const globex = lines((await get(`/v1/campaigns/export?customer_id=${globexId}`)).body);
    expect(globex).toHaveLength(2);
    expect(globex[1]).toContain(`,"'=HYPERLINK(""http://evil.example"") launch",`);
    const archived = lines((await get('/v1/campaigns/export?archived=true')).body);
    expect(archived.slice(1).map((line) => line.split(',')[1])).toEqual(['Winter archive']);
  });

  it('refuses bad filters with a 400 and its message, and callers outside the staff', async () => {
    const badDay = await get('/v1/campaigns/export?created_to=2026-13-01');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.body).toContain(listFilterMessages.day);
    expect((await get('/v1/campaigns/export?status=lost')).body).toContain(campaignMessages.status);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/campaigns/export' })).statusCode).toBe(401);
    const external = await createMember(ctx.deps, owner.org.id, 'creator');
    expect((await get('/v1/campaigns/export', external.headers)).statusCode).toBe(403);
  });

  it('answers a team member and an API key (a read), each with its own organisation’s rows', async () => {
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect(lines((await get(`/v1/campaigns/export?customer_id=${globexId}`, member.headers)).body)).toHaveLength(2);
    const key = (await ctx.app.inject({ method: 'POST', url: '/v1/org_api_token', headers: owner.headers })).json<{ key: string }>().key;
    const byKey = await get('/v1/campaigns/export?search=summer', { authorization: `Bearer ${key}` });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(lines(byKey.body)).toHaveLength(COPIES + 2);
    expect(byKey.body).not.toContain('theirs');
  });
});
