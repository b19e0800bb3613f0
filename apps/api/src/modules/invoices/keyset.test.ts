import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { authHeaders, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { customers, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { startSession } from '../auth/sessions.ts';

type Headers = Record<string, string>;
type Row = { id: string; title: string; status: string };

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let customerId: string;
let brandEmail: string;
/** Open invoices of the organisation beyond the ones sent through the API (a copy made in SQL). */
const COPIES = 530;
const SENT = 12;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createOwner(ctx.app, { orgName: 'Keyset invoices' });
  await activate(ctx.app, owner.headers);
  brandEmail = uniqueEmail('keyset-brand');
  const first = await sendInvoice(ctx.app, owner.headers, { email: brandEmail, name: 'Keyset Brand', title: 'Sent 0' });
  customerId = first.customer_id;
  for (let index = 1; index < SENT; index += 1)
    await sendInvoice(ctx.app, owner.headers, { customer_id: customerId, title: `Sent ${index}`, net: index });
  const canceled = await sendInvoice(ctx.app, owner.headers, { customer_id: customerId, title: 'Canceled one' });
  await ctx.app.inject({ method: 'POST', url: `/v1/invoices/${canceled.id}/cancel`, headers: owner.headers });
  // Many more rows, several in one microsecond: the id breaks the tie so no row is skipped or repeated.
  await ctx.database.db.execute(sql`
    INSERT INTO invoices (id, org_id, seq, number, customer_id, title, description, amount, net, processor, created_at)
    SELECT gen_random_uuid(), org_id, 1000 + n, 'COPY-' || n, customer_id, 'Copy ' || n, description, amount + n, net, processor,
           created_at - (n / 4) * interval '1 second'
    FROM invoices, generate_series(1, ${COPIES}) AS n
    WHERE id = ${first.id}`);
  await ctx.database.db.execute(
    sql`UPDATE invoices SET created_at = '2026-01-02 03:04:05.123456+00' WHERE title IN ('Sent 3', 'Sent 4', 'Sent 5', 'Copy 7')`,
  );

  // Another organisation bills the same email: its rows never appear.
  const other = await createOwner(ctx.app, { orgName: 'Other invoices' });
  await activate(ctx.app, other.headers);
  await sendInvoice(ctx.app, other.headers, { email: brandEmail, name: 'Keyset Brand', title: 'Theirs' });
});

const list = (query: string, headers: Headers = owner.headers) => ctx.app.inject({ method: 'GET', url: `/v1/invoices?${query}`, headers });

/** Follows next_cursor from the first page to the last, checking the cursor pages count nothing. */
async function walk(
  url: (query: string) => Promise<{ json: () => { invoices?: Row[]; data?: Row[]; [key: string]: unknown } }>,
  query: string,
) {
  const first = (await url(query)).json();
  const rowsOf = (page: typeof first) => (page.invoices ?? page.data)!;
  const walked = [...rowsOf(first)];
  let cursor = first.next_cursor as string | null;
  while (cursor) {
    const page = (await url(`${query}&starting_after=${cursor}`)).json();
    expect(page.total).toBeNull();
    walked.push(...rowsOf(page));
    cursor = page.next_cursor as string | null;
    if (!page.has_more) expect(cursor).toBeNull();
  }
  return { first, walked };
}

describe('GET /v1/invoices by cursor (starting_after)', () => {
  it('walks every row of each tab once, in the order of the numbered pages, and no other organisation’s', async () => {
    const { first, walked } = await walk(list, 'tab=all&page_size=50');
    const total = SENT + 1 + COPIES;
    expect(first.total).toBe(total);
    expect(walked).toHaveLength(total);
    expect(new Set(walked.map((row) => row.id)).size).toBe(total);
    expect(walked.some((row) => row.title === 'Theirs')).toBe(false);

    const numbered: Row[] = [];
    for (let page = 0; page * 50 < total; page += 1) numbered.push(...(await list(`tab=all&page_size=50&page=${page}`)).json().invoices);
    expect(walked.map((row) => row.id)).toEqual(numbered.map((row) => row.id));

    const open = await walk(list, 'tab=open&page_size=100');
    expect(open.walked).toHaveLength(total - 1);
    expect(open.walked.every((row) => row.status === 'requires_info')).toBe(true);
    const canceled = (await list('tab=canceled')).json();
    expect(canceled).toMatchObject({ total: 1, has_more: false, next_cursor: null, page: 0 });
    expect(canceled.invoices.map((row: Row) => row.title)).toEqual(['Canceled one']);
  });

  it('pages the customer Invoices tab by cursor too', async () => {
    const { walked } = await walk(list, `tab=all&customer_id=${customerId}&page_size=7`);
    expect(walked).toHaveLength(SENT + 1 + COPIES);
  });

  it('keeps ?page= and refuses a cursor it did not make with a readable 400', async () => {
    const third = (await list('tab=open&page=2&page_size=10')).json();
    expect(third).toMatchObject({ page: 2, page_size: 10, total: SENT + COPIES, has_more: true });
    expect(third.invoices).toHaveLength(10);
    for (const bad of ['not-a-cursor', Buffer.from('123.nope').toString('base64url'), 'x'.repeat(300)]) {
      const answer = await list(`tab=open&starting_after=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe('Invalid cursor');
    }
  });

  it('another organisation’s cursor reads only the caller’s own rows', async () => {
    const stranger = await createOwner(ctx.app, { orgName: 'Stranger' });
    const cursor = (await list('tab=all&page_size=5')).json().next_cursor as string;
    const answer = (await list(`tab=all&starting_after=${cursor}`, stranger.headers)).json();
    expect(answer).toMatchObject({ invoices: [], has_more: false, next_cursor: null, total: null });
  });
});

describe('GET /v1/invoices/export', () => {
  it('streams every row of the tab past the chunk size, once each', async () => {
    const csv = await ctx.app.inject({ method: 'GET', url: '/v1/invoices/export?tab=all', headers: owner.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,number,title,description,customer,customer_email,amount,currency,net,due_date,status,payment_group_id,created_at',
    );
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(SENT + 1 + COPIES);
    expect(new Set(ids).size).toBe(ids.length);
    expect(csv.body).not.toContain('Theirs');
    const open = await ctx.app.inject({ method: 'GET', url: '/v1/invoices/export?tab=canceled', headers: owner.headers });
    expect(open.body.split('\r\n')).toHaveLength(2);
  });
});

describe('GET /v1/portal/invoices paging', () => {
  it("walks the customer user's own invoices by cursor, without canceled ones or another organisation's", async () => {
    const [user] = await ctx.deps.db
      .insert(users)
      .values({ id: newId(), email: brandEmail, org_id: owner.org.id, role: 'customer', is_external: true })
      .returning();
    await ctx.deps.db
      .update(customers)
      .set({ user_id: user!.id })
      .where(and(eq(customers.org_id, owner.org.id), eq(customers.id, customerId)));
    const headers = authHeaders((await startSession(ctx.deps.db, user!, 1)).auth_token);
    const portal = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/portal/invoices?${query}`, headers });
    const { first, walked } = await walk(portal, 'page_size=100');
    expect(first.total).toBe(SENT + COPIES);
    expect(walked).toHaveLength(SENT + COPIES);
    expect(new Set(walked.map((row) => row.id)).size).toBe(walked.length);
    expect(walked.some((row) => row.title === 'Theirs' || row.title === 'Canceled one')).toBe(false);
    expect((await portal('page_size=101')).statusCode).toBe(400);
    expect((await portal('starting_after=nope')).json().message).toBe('Invalid cursor');
  });
});
