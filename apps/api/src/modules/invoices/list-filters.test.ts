import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';

type Row = { id: string; title: string; amount: number; created_at: string };

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
/** Invoices of November 2026 copied in SQL, $100.00 + n cents each: more than one page of a filter. */
const NOVEMBER = 60;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createOwner(ctx.app, { orgName: 'Filtered invoices' });
  await activate(ctx.app, owner.headers);
  const acme = await sendInvoice(ctx.app, owner.headers, {
    email: uniqueEmail('acme'),
    name: 'Acme Drinks',
    title: 'Launch posts',
    amount: 5_000,
  });
  await sendInvoice(ctx.app, owner.headers, { email: uniqueEmail('zen'), name: 'Zen Yoga', title: 'Summer reels', amount: 250_000 });
  await ctx.database.db.execute(sql`
    INSERT INTO invoices (id, org_id, seq, number, customer_id, title, description, amount, net, processor, created_at)
    SELECT gen_random_uuid(), org_id, 1000 + n, 'NOV-' || n, customer_id, 'November ' || n, description, 10000 + n, net, processor,
           '2026-11-01 00:00:00+00'::timestamptz + n * interval '11 hours'
    FROM invoices, generate_series(1, ${NOVEMBER}) AS n
    WHERE id = ${acme.id}`);
  // The range's edges: the last microsecond of October, and of the range's last day.
  await ctx.database.db.execute(sql`UPDATE invoices SET created_at = '2026-10-31 23:59:59.999999+00' WHERE title = 'Launch posts'`);
  await ctx.database.db.execute(sql`UPDATE invoices SET created_at = '2026-12-31 23:59:59.999999+00' WHERE title = 'Summer reels'`);
  const other = await createOwner(ctx.app, { orgName: 'Other filtered' });
  await activate(ctx.app, other.headers);
  await sendInvoice(ctx.app, other.headers, { email: uniqueEmail('acme'), name: 'Acme Drinks', title: 'Theirs', amount: 5_000 });
});

const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/invoices?tab=all&${query}`, headers: owner.headers });
const titles = (rows: Row[]) => rows.map((row) => row.title);

/** Every row of a filtered list, following next_cursor page by page. */
async function walk(query: string): Promise<Row[]> {
  const first = await list(query);
  expect(first.statusCode, first.body).toBe(200);
  const rows: Row[] = [...first.json().invoices];
  let cursor = first.json().next_cursor as string | null;
  while (cursor) {
    const page = (await list(`${query}&starting_after=${cursor}`)).json();
    rows.push(...page.invoices);
    cursor = page.next_cursor;
  }
  return rows;
}

describe('GET /v1/invoices filters', () => {
  it('keeps the days of a date range (UTC), edges included, across cursor pages', async () => {
    const first = (await list('created_from=2026-11-01&created_to=2026-11-30&page_size=25')).json();
    expect(first.total).toBe(NOVEMBER);
    const rows = await walk('created_from=2026-11-01&created_to=2026-11-30&page_size=25');
    expect(rows).toHaveLength(NOVEMBER);
    expect(new Set(rows.map((row) => row.id)).size).toBe(NOVEMBER);
    expect(rows.every((row) => row.created_at.startsWith('2026-11'))).toBe(true);
    expect(titles((await list('created_to=2026-10-31')).json().invoices)).toEqual(['Launch posts']);
    expect(titles((await list('created_from=2026-12-31')).json().invoices)).toEqual(['Summer reels']);
  });

  it('keeps an amount range in cents, both bounds included', async () => {
    const rows = await walk('amount_min=10010&amount_max=10020&page_size=4');
    expect(rows.map((row) => row.amount).sort()).toEqual(Array.from({ length: 11 }, (_, index) => 10_010 + index));
    expect(titles((await list('amount_min=200000')).json().invoices)).toEqual(['Summer reels']);
    expect((await list('amount_max=4999')).json()).toMatchObject({ invoices: [], total: 0 });
  });

  it('searches the number, the title and the customer’s name or email, never another organisation’s', async () => {
    expect(titles((await list('search=summer')).json().invoices)).toEqual(['Summer reels']);
    expect(titles((await list('search=ZEN%20yoga')).json().invoices)).toEqual(['Summer reels']);
    expect(titles((await list('search=NOV-42')).json().invoices)).toEqual(['November 42']);
    const acme = (await list('search=acme&page_size=100')).json();
    expect(acme.total).toBe(NOVEMBER + 1);
    expect(titles(acme.invoices)).not.toContain('Theirs');
    expect((await list('search=nobody-here')).json()).toMatchObject({ invoices: [], total: 0 });
    expect(titles((await list('search=ze')).json().invoices)).toEqual(['Summer reels']);
  });

  it('combines the filters with the search', async () => {
    const rows = await walk('search=acme&created_from=2026-11-02&amount_max=10010&page_size=3');
    expect(rows.map((row) => row.amount).sort()).toEqual([10_003, 10_004, 10_005, 10_006, 10_007, 10_008, 10_009, 10_010]);
  });

  it('refuses a bad filter with its message (400, never 500)', async () => {
    const cases: [string, string, string][] = [
      ['created_from=2026-13-45', 'created_from', listFilterMessages.day],
      ['created_to=yesterday', 'created_to', listFilterMessages.day],
      ['amount_min=12.5', 'amount_min', listFilterMessages.cents],
      ['amount_min=-1', 'amount_min', listFilterMessages.cents],
      ['amount_max=abc', 'amount_max', listFilterMessages.cents],
      ['amount_max=100000000001', 'amount_max', listFilterMessages.maxCents],
      [`search=${'x'.repeat(201)}`, 'search', listFilterMessages.search],
    ];
    for (const [query, field, message] of cases) {
      const answer = await list(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ field, message });
    }
  });
});

describe('GET /v1/invoices/export of a filtered list', () => {
  it('streams every matching row, past one page and the export chunk, and no other', async () => {
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/v1/invoices/export?tab=all&created_from=2026-11-01&created_to=2026-11-30&amount_min=10005&search=november',
      headers: owner.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('invoices_report.csv');
    const lines = csv.body.split('\r\n').slice(1);
    expect(lines).toHaveLength(NOVEMBER - 4);
    expect(lines.every((line) => line.includes(',November '))).toBe(true);
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/invoices/export?amount_min=x', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
  });
});
