import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { walkBothWays } from '../../../test/keyset-fixtures.ts';

let ctx: TestContext;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
const ownIds: string[] = [];
const otherIds: string[] = [];
const COUNT = 23;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await createOwner(ctx.app, { orgName: 'Keyset customers' })).headers;
  otherHeaders = (await createOwner(ctx.app, { orgName: 'Other customers' })).headers;
  for (let index = 0; index < COUNT; index += 1) {
    ownIds.push((await addCustomer(ctx.app, headers, { name: `Brand ${index}` })).id);
    if (index % 3 === 0) otherIds.push((await addCustomer(ctx.app, otherHeaders, { name: `Brand ${index}` })).id);
  }
  // Several rows in one microsecond, across both organisations: the id breaks the tie.
  await ctx.database.db.execute(
    sql`UPDATE customers SET created_at = '2026-01-02 03:04:05.123456+00' WHERE name IN ('Brand 4', 'Brand 5', 'Brand 6', 'Brand 12')`,
  );
});

describe('GET /v1/customers by cursor (starting_after)', () => {
  it('walks every customer of the organisation once, in the order of the numbered pages', async () => {
    const { numbered, walked } = await walkBothWays(ctx.app, headers, '/v1/customers', { pageSize: 5 });
    expect(numbered).toHaveLength(COUNT);
    expect(walked).toEqual(numbered);
    expect(new Set(walked)).toEqual(new Set(ownIds));
    expect(walked.some((id) => otherIds.includes(id))).toBe(false);
  });

  it('pages a search by cursor', async () => {
    const { numbered, walked } = await walkBothWays(ctx.app, headers, '/v1/customers?search=brand%201', { pageSize: 4 });
    expect(walked).toEqual(numbered);
    expect(walked).toHaveLength(11); // Brand 1 and Brand 10 to 19
  });

  it("never shows another organisation's customers after a cursor made from its own list", async () => {
    const { firstCursor } = await walkBothWays(ctx.app, otherHeaders, '/v1/customers', { pageSize: 2 });
    const answer = await ctx.app.inject({ method: 'GET', url: `/v1/customers?page_size=100&starting_after=${firstCursor}`, headers });
    expect(answer.statusCode).toBe(200);
    const ids = answer.json<{ data: { id: string }[] }>().data.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => ownIds.includes(id))).toBe(true);
  });

  it('refuses a cursor it did not make with a readable 400', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/v1/customers?starting_after=not-a-cursor', headers });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Invalid cursor');
  });
});
