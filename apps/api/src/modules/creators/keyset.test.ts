import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, multipartFile, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { openDatabase } from '../../db/client.ts';
import { listCreators } from './queries.ts';

let ctx: TestContext;
let headers: Record<string, string>;
const COUNT = 120;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createOwner(ctx.app, { orgName: 'Keyset' });
  headers = owner.headers;
  await upgradePlan(ctx.app, headers);
  const lines = Array.from({ length: COUNT }, (_, index) => `${uniqueEmail(`keyset-${index}`)},First${index},Last${index}`);
  const file = multipartFile({ filename: 'creators.csv', type: 'text/csv', content: ['email,first_name,last_name', ...lines].join('\n') });
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/v1/creators/bulk',
    headers: { ...headers, ...file.headers },
    payload: file.payload,
  });
  expect(imported.json().added).toBe(COUNT);
  // Rows created in the same microsecond: the id breaks the tie, so no row is skipped or repeated.
  await ctx.database.db.execute(
    sql`UPDATE creators SET created_at = '2026-01-02 03:04:05.123456+00' WHERE first_name IN ('First10', 'First11', 'First12', 'First60')`,
  );
});

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/creators?${query}`, headers });

describe('GET /v1/creators by cursor (starting_after)', () => {
  it('walks every creator once, in the order of the numbered pages, without counting again', async () => {
    const numbered = (await Promise.all([0, 1, 2].map((page) => list(`page=${page}`)))).flatMap((r) =>
      r.json().data.map((c: { id: string }) => c.id),
    );
    expect(numbered).toHaveLength(COUNT);

    const first = (await list('')).json();
    expect(first.total).toBe(COUNT);
    expect(first.has_more).toBe(true);
    const walked: string[] = first.data.map((c: { id: string }) => c.id);
    let cursor: string | null = first.next_cursor;
    const totals: unknown[] = [];
    while (cursor) {
      const page = (await list(`starting_after=${cursor}`)).json();
      totals.push(page.total);
      walked.push(...page.data.map((c: { id: string }) => c.id));
      cursor = page.next_cursor;
      if (!page.has_more) expect(cursor).toBeNull();
    }
    expect(walked).toEqual(numbered);
    expect(new Set(walked).size).toBe(COUNT);
    expect(totals).toEqual([null, null]);
  });

  it('pages a search by cursor too', async () => {
    const first = (await list('search=first1&page_size=5')).json();
    const second = (await list(`search=first1&page_size=5&starting_after=${first.next_cursor}`)).json();
    const names = [...first.data, ...second.data].map((c: { first_name: string }) => c.first_name);
    expect(names.every((name) => name.startsWith('First1'))).toBe(true);
    expect(new Set(names).size).toBe(10);
  });

  it('refuses a cursor it did not make with a readable 400', async () => {
    for (const bad of ['not-a-cursor', Buffer.from('123.nope').toString('base64url'), 'x'.repeat(300)]) {
      const answer = await list(`starting_after=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe('Invalid cursor');
    }
  });
});

describe('the page statements keep one plan', () => {
  it('plans a search or the first page once, not on every call', async () => {
    // 5,000 creators: a search for a name finds one of them and the first page skips none, so with
    // the term and the offset visible each call's own plan looked cheaper than the generic one and
    // PostgreSQL planned the statement anew every time (1 ms a search, more than running it).
    const big = (await createOwner(ctx.app, { orgName: 'Planned once' })).org.id;
    await ctx.database.db.execute(sql`
      INSERT INTO creators (id, org_id, email, first_name, last_name)
      SELECT gen_random_uuid(), ${big}, 'planned.' || g || '@example.com', 'First' || g, 'Last' || g FROM generate_series(1, 5000) g`);
    await ctx.database.pool.query('ANALYZE creators');
    // One connection, so every call meets the same prepared statements.
    const single = openDatabase(ctx.database.pool.options.connectionString!, { max: 1 });
    try {
      const terms = [
        'last1234',
        'first4321',
        'last2468',
        'planned.4999@',
        'nobody',
        'last3579',
        'first1357',
        'last4000',
        'first2500',
        'last999@',
      ];
      for (const search of terms) {
        await listCreators(single.db, { org_id: big, page: 0, page_size: 50, search });
        await listCreators(single.db, { org_id: big, page: 0, page_size: 50 });
      }
      const plans = await single.pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
        `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'creators_page_number%' ORDER BY name`,
      );
      // PostgreSQL plans a statement's first five calls for their values, then keeps the generic plan if it is no dearer.
      expect(plans.rows.map((row) => [row.name, Number(row.generic_plans), Number(row.custom_plans)])).toEqual([
        ['creators_page_number_51', 5, 5],
        ['creators_page_number_search_51', 5, 5],
      ]);
    } finally {
      await single.close();
    }
  });
});
