import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { creators } from '../../db/schema/index.ts';

type Headers = Record<string, string>;
type Row = { id: string; email: string };

let ctx: TestContext;
let owner: Headers;
let orgId: string;
let tagId: string;
const taggedIds: string[] = [];
const COPIES = 530;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createOwner(ctx.app, { orgName: 'Filtered creators' })).headers;
  await upgradePlan(ctx.app, owner);
  const model = await addCreator(ctx.app, owner, { first_name: 'Model', last_name: 'Maker' });
  // More rows than one export chunk (500), copied straight into the table: inviting each through
  // the API would take minutes. Days created cycle over November 1-10 (UTC noon).
  const [row] = await ctx.database.db.select().from(creators).where(eq(creators.id, model.id));
  const { search_text: _generated, ...columns } = row!;
  orgId = columns.org_id;
  await ctx.database.db.insert(creators).values(
    Array.from({ length: COPIES }, (_, index) => ({
      ...columns,
      id: randomUUID(),
      email: `copy${index}@creators.example`,
      first_name: `Copy${index}`,
      created_at: new Date(Date.UTC(2026, 10, 1 + (index % 10), 12)),
    })),
  );
  const [tag] = (await ctx.app.inject({ method: 'POST', url: '/v1/tags', headers: owner, payload: [{ label: 'Gaming' }] })).json();
  tagId = tag.id;
  for (let index = 0; index < 5; index += 1) taggedIds.push((await addCreator(ctx.app, owner, { first_name: `Tagged${index}` })).id);
  const enrolled = await ctx.app.inject({
    method: 'POST',
    url: '/v1/tags/enrollment',
    headers: owner,
    payload: taggedIds.map((creator_id) => ({ tag_id: tagId, creator_id })),
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  await ctx.database.db
    .update(creators)
    .set({ created_at: new Date('2026-10-20T08:00:00Z') })
    .where(inArray(creators.id, taggedIds));
  const theirs = (await createOwner(ctx.app, { orgName: 'Other creators' })).headers;
  const theirCreator = await addCreator(ctx.app, theirs, { first_name: 'Theirs' });
  await ctx.database.db
    .update(creators)
    .set({ created_at: new Date('2026-11-03T12:00:00Z') })
    .where(eq(creators.id, theirCreator.id));
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: owner });

async function allIds(query: string): Promise<string[]> {
  const first = (await get(`/v1/creators?${query}`)).json();
  const ids: string[] = first.data.map((row: Row) => row.id);
  let cursor = first.next_cursor as string | null;
  while (cursor) {
    const page = (await get(`/v1/creators?${query}&starting_after=${cursor}`)).json();
    ids.push(...page.data.map((row: Row) => row.id));
    cursor = page.next_cursor;
  }
  return ids;
}

describe('GET /v1/creators days created and tag', () => {
  it('keeps a tag and a day range across cursor pages, only the caller’s creators', async () => {
    const first = (await get(`/v1/creators?tag_id=${tagId}&page_size=2`)).json();
    expect(first.total).toBe(5);
    expect((await allIds(`tag_id=${tagId}&page_size=2`)).sort()).toEqual([...taggedIds].sort());
    const day = await allIds('created_from=2026-11-03&created_to=2026-11-03&page_size=20');
    expect(day).toHaveLength(COPIES / 10);
    expect((await get('/v1/creators?created_from=2026-11-03&created_to=2026-11-03&page_size=20')).json().total).toBe(COPIES / 10);
    expect(await allIds(`tag_id=${tagId}&created_from=2026-10-21`)).toEqual([]);
    expect(await allIds(`tag_id=${randomUUID()}`)).toEqual([]);
    const searched = (await get('/v1/creators?search=copy12&created_to=2026-11-03')).json().data as Row[];
    expect(searched.map((row) => row.email).sort()).toEqual([
      'copy120@creators.example',
      'copy121@creators.example',
      'copy122@creators.example',
      'copy12@creators.example',
    ]);
  });

  it('refuses a bad day or tag with a 400 and its message', async () => {
    const badDay = await get('/v1/creators?created_from=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.body).toContain(listFilterMessages.day);
    const badTag = await get('/v1/creators?tag_id=gaming');
    expect(badTag.statusCode).toBe(400);
    expect(badTag.body).toContain('Must be a valid tag id');
  });
});

describe('GET /v1/creators/export', () => {
  it('streams every row of the filters beyond one chunk, with the list’s columns, never another organisation’s', async () => {
    const response = await get('/v1/creators/export?created_from=2026-11-01');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="creators_report.csv"');
    const [header, ...rows] = response.body.split('\r\n');
    expect(header).toBe('id,email,name,tags,payments,amount_paid,payment_method,status,invitation,created_at');
    const count = await ctx.database.db.$count(creators, eq(creators.org_id, orgId));
    expect(rows).toHaveLength(count - 5);
    expect(rows.length).toBeGreaterThan(COPIES);
    expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(rows.length);
    expect(response.body).not.toContain('Theirs');
    const tagged = (await get(`/v1/creators/export?tag_id=${tagId}`)).body.split('\r\n').slice(1);
    expect(tagged).toHaveLength(5);
    expect(tagged.every((line) => line.includes(',Gaming,0,0.00,'))).toBe(true);
  });

  it('neutralises formula-like names and refuses bad input with a 400', async () => {
    await addCreator(ctx.app, owner, { first_name: '=cmd', last_name: 'calc' });
    const formula = (await get('/v1/creators/export?search=cmd')).body.split('\r\n');
    expect(formula).toHaveLength(2);
    expect(formula[1]).toContain(`,"'=cmd calc",`);
    expect((await get('/v1/creators/export?created_to=yesterday')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/creators/export' })).statusCode).toBe(401);
  });
});
