import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { customers } from '../../db/schema/index.ts';

type Headers = Record<string, string>;
type Row = { id: string; name: string };

let ctx: TestContext;
let owner: Headers;
const octoberIds: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createOwner(ctx.app, { orgName: 'Filtered customers' })).headers;
  for (let index = 0; index < 5; index += 1) octoberIds.push((await addCustomer(ctx.app, owner, { name: `October Brand ${index}` })).id);
  const november = await addCustomer(ctx.app, owner, { name: 'November Brand' });
  await ctx.database.db
    .update(customers)
    .set({ created_at: new Date('2026-10-31T23:59:59.999Z') })
    .where(inArray(customers.id, octoberIds));
  // The first microsecond of the next day: outside a range ending on October 31.
  await ctx.database.db
    .update(customers)
    .set({ created_at: new Date('2026-11-01T00:00:00.000Z') })
    .where(inArray(customers.id, [november.id]));
  await addCustomer(ctx.app, (await createOwner(ctx.app, { orgName: 'Other customers' })).headers, { name: 'October Brand theirs' });
});

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/customers?${query}`, headers: owner });

describe('GET /v1/customers date range', () => {
  it('keeps the days created (UTC, the last one included) across cursor pages, with the search', async () => {
    const query = 'created_from=2026-10-31&created_to=2026-10-31&search=brand&page_size=2';
    const first = (await list(query)).json();
    expect(first.total).toBe(5);
    const ids: string[] = first.data.map((row: Row) => row.id);
    let cursor = first.next_cursor as string | null;
    while (cursor) {
      const page = (await list(`${query}&starting_after=${cursor}`)).json();
      ids.push(...page.data.map((row: Row) => row.id));
      cursor = page.next_cursor;
    }
    expect(ids.sort()).toEqual([...octoberIds].sort());
    const after = (await list('created_from=2026-11-01')).json().data as Row[];
    expect(after.map((row) => row.name)).toEqual(['November Brand']);
    expect((await list('created_to=2026-10-30')).json()).toMatchObject({ data: [], total: 0 });
  });

  it('refuses a day that is not one with its message', async () => {
    const answer = await list('created_to=2026-10-32');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'created_to', message: listFilterMessages.day });
  });
});
