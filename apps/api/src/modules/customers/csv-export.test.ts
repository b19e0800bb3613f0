import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { customers } from '../../db/schema/index.ts';

type Headers = Record<string, string>;

let ctx: TestContext;
let owner: Headers;
const COPIES = 620;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createOwner(ctx.app, { orgName: 'Exported customers' })).headers;
  const model = await addCustomer(ctx.app, owner, { name: 'Harbor Brand model' });
  // More rows than one export chunk (500), written straight to the table: adding them one by one
  // through the API would take minutes.
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, model.id));
  const { search_text: _generated, ...columns } = row!;
  await ctx.database.db.insert(customers).values(
    Array.from({ length: COPIES }, (_, index) => ({
      ...columns,
      id: randomUUID(),
      name: `Harbor Brand ${index}`,
      email: `harbor${index}@brand.example`,
      created_at: new Date(Date.UTC(2026, 9, 1 + (index % 20), 12)),
    })),
  );
  await addCustomer(ctx.app, owner, { name: '=HYPERLINK("http://evil.example")' });
  await addCustomer(ctx.app, (await createOwner(ctx.app, { orgName: 'Other exported' })).headers, { name: 'Harbor Brand theirs' });
});

const exportCsv = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/customers/export?${query}`, headers: owner });
const lines = (body: string) => body.split('\r\n');

describe('GET /v1/customers/export', () => {
  it('streams every row of the search beyond one chunk, never another organisation’s', async () => {
    const response = await exportCsv('search=harbor');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="customers_report.csv"');
    const [header, ...rows] = lines(response.body);
    expect(header).toBe('id,email,name,invoice_volume,invoice_count,created_at');
    expect(rows).toHaveLength(COPIES + 1);
    expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(COPIES + 1);
    expect(response.body).not.toContain('theirs');
  });

  it('keeps the days created (UTC) and neutralises formula-like names', async () => {
    const october = lines((await exportCsv('created_from=2026-10-01&created_to=2026-10-01')).body);
    expect(october).toHaveLength(1 + COPIES / 20);
    expect(october.slice(1).every((line) => line.includes(',2026-10-01T12:00:00.000Z'))).toBe(true);
    const formula = lines((await exportCsv('search=hyperlink')).body);
    expect(formula).toHaveLength(2);
    expect(formula[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(formula[1]).toContain(',0.00,0,');
  });

  it('refuses a bad day or an over-long search with a 400 and its message, and a caller without a session', async () => {
    const badDay = await exportCsv('created_from=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.body).toContain(listFilterMessages.day);
    const longSearch = await exportCsv(`search=${'a'.repeat(201)}`);
    expect(longSearch.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/customers/export' })).statusCode).toBe(401);
  });
});
