import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { uniqueEmail } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { addCreatorWithEmail, creatorSignsIn } from '../../../test/portal-fixtures.ts';
import { payments } from '../../db/schema/index.ts';

let ctx: TestContext;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let paymentIds: string[];
let payer: { headers: Record<string, string>; creatorId: string };
const COUNT = 13;

/** One creator paid by two organisations (13 payments, four sharing one created_at), and a creator of neither. */
beforeAll(async () => {
  ctx = await createTestContext();
  const first = await fundedOwner(ctx.app);
  const second = await fundedOwner(ctx.app);
  const email = uniqueEmail('keyset-creator');
  const inFirst = await addCreatorWithEmail(ctx.app, first.headers, email);
  const inSecond = await addCreatorWithEmail(ctx.app, second.headers, email);
  headers = await creatorSignsIn(ctx.app, email);
  const fromFirst = await createDrafts(
    ctx.app,
    first.headers,
    Array.from({ length: 8 }, (_, n) => paymentRow(inFirst.id, 1_000 + n)),
  );
  const fromSecond = await createDrafts(
    ctx.app,
    second.headers,
    Array.from({ length: 5 }, (_, n) => paymentRow(inSecond.id, 2_000 + n)),
  );
  const call = injector(ctx.app);
  await call('PUT', '/v1/payments/initiate', first.headers, { ids: fromFirst.map((row) => row.id) });
  await call('PUT', '/v1/payments/initiate', second.headers, { ids: fromSecond.map((row) => row.id) });
  paymentIds = [...fromFirst, ...fromSecond].map((row) => row.id);
  payer = { headers: first.headers, creatorId: inFirst.id };
  // Rows created in the same microsecond, across both organisations: the id breaks the tie.
  const tied = [fromFirst[2]!.id, fromFirst[5]!.id, fromSecond[1]!.id, fromSecond[3]!.id];
  await ctx.deps.db
    .update(payments)
    .set({ created_at: sql`'2026-01-02 03:04:05.123456+00'::timestamptz` })
    .where(inArray(payments.id, tied));
  const stranger = await addCreatorWithEmail(ctx.app, first.headers, uniqueEmail('keyset-stranger'));
  otherHeaders = await creatorSignsIn(ctx.app, stranger.email);
  const [strangers] = await createDrafts(ctx.app, first.headers, [paymentRow(stranger.id, 7_000)]);
  await call('PUT', '/v1/payments/initiate', first.headers, { ids: [strangers!.id] });
});

const list = (query: string, as = headers) => ctx.app.inject({ method: 'GET', url: `/v1/portal/payments?${query}`, headers: as });
const idsOf = (page: { data: { id: string }[] }) => page.data.map((row) => row.id);

describe('GET /v1/portal/payments by cursor (starting_after)', () => {
  it('walks every payment once, in the order of the numbered pages, counting only the first page', async () => {
    const numbered = (await Promise.all([0, 1, 2, 3].map((page) => list(`page=${page}&page_size=4`)))).map((r) => r.json());
    expect(numbered.map((page) => page.total)).toEqual([COUNT, COUNT, COUNT, COUNT]);
    expect(numbered.map((page) => page.has_more)).toEqual([true, true, true, false]);
    const byNumber = numbered.flatMap(idsOf);

    const first = (await list('page_size=4')).json();
    const walked = idsOf(first);
    const totals: unknown[] = [];
    let cursor: string | null = first.next_cursor;
    while (cursor) {
      const page = (await list(`page_size=4&starting_after=${cursor}`)).json();
      totals.push(page.total);
      walked.push(...idsOf(page));
      cursor = page.next_cursor;
      if (!page.has_more) expect(cursor).toBeNull();
    }
    expect(walked).toEqual(byNumber);
    expect(new Set(walked).size).toBe(COUNT);
    expect([...walked].sort()).toEqual([...paymentIds].sort());
    expect(totals).toEqual([null, null, null]);
  });

  it('a payment arriving mid-walk does not shift the pages after the cursor (this test runs last but one: it adds one)', async () => {
    const first = (await list('page_size=5')).json();
    const [arrived] = await createDrafts(ctx.app, payer.headers, [paymentRow(payer.creatorId, 9_999)]);
    await injector(ctx.app)('PUT', '/v1/payments/initiate', payer.headers, { ids: [arrived!.id] });
    const rest = (await list(`page_size=20&starting_after=${first.next_cursor}`)).json();
    const walked = [...idsOf(first), ...idsOf(rest)];
    expect(walked).toHaveLength(COUNT);
    expect(new Set(walked).size).toBe(COUNT);
    expect(walked).not.toContain(arrived!.id);
    expect(rest.next_cursor).toBeNull();
    // A numbered page, asked again, sees it first.
    expect(idsOf((await list('page=0&page_size=5')).json())[0]).toBe(arrived!.id);
  });

  it("never shows another creator's payments through a cursor, and refuses a cursor it did not make", async () => {
    const first = (await list('page_size=4')).json();
    const strangerPage = (await list(`starting_after=${first.next_cursor}`, otherHeaders)).json();
    expect(idsOf(strangerPage).some((id) => paymentIds.includes(id))).toBe(false);
    expect((await list('', otherHeaders)).json().total).toBe(1);
    for (const bad of ['not-a-cursor', Buffer.from('123.nope').toString('base64url'), 'x'.repeat(300)]) {
      const answer = await list(`starting_after=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe('Invalid cursor');
    }
  });
});
