import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function search(headers: Headers, term: string, extra = '') {
  const response = await inject('GET', `/v1/payments?search=${encodeURIComponent(term)}${extra}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number | null; data: { id: string; memo: string }[]; has_more: boolean; next_cursor: string | null }>();
}

/** Two payees' drafts with memos; another organisation has a payment with the same memo and name. */
async function world() {
  const owner = await fundedOwner(ctx.app, 1_000_000);
  const zora = await addCreator(ctx.app, owner.headers, { ...BANK, first_name: 'Zora', last_name: 'Quillfeather' });
  const other = await addCreator(ctx.app, owner.headers, { ...BANK, first_name: 'Ben', last_name: 'Other' });
  const [launch, reel, plain] = await createDrafts(ctx.app, owner.headers, [
    row(zora.id, 1_000, { memo: 'Spring ad' }),
    row(zora.id, 2_000, { memo: 'Reel 100%' }),
    row(other.id, 3_000, { memo: 'Retainer' }),
  ]);
  const stranger = await fundedOwner(ctx.app, 1_000_000);
  const theirs = await addCreator(ctx.app, stranger.headers, { ...BANK, first_name: 'Zora', last_name: 'Quillfeather' });
  await createDrafts(ctx.app, stranger.headers, [row(theirs.id, 1_000, { memo: 'Spring ad' })]);
  return { owner, launch: launch!, reel: reel!, plain: plain! };
}

const ids = (page: { data: { id: string }[] }) => page.data.map((payment) => payment.id).sort();

describe('GET /v1/payments?search=', () => {
  it("finds the organisation's payments by memo, recipient name or email, and reference, and nothing of another organisation", async () => {
    const { owner, launch, reel, plain } = await world();
    expect(ids(await search(owner.headers, 'SPRING ad'))).toEqual([launch.id]);
    expect(await search(owner.headers, 'ring a')).toMatchObject({ total: 1 });
    expect(ids(await search(owner.headers, 'quillfeather'))).toEqual([launch.id, reel.id].sort());
    expect(ids(await search(owner.headers, 'Zora Quill'))).toEqual([launch.id, reel.id].sort());
    // The reference the payee's email and portal show: the id's first 16 characters without dashes
    // (a time-ordered id: payments made together share it, so it finds this one among them); the whole id finds it alone.
    const reference = plain.id.replace(/-/g, '').slice(0, 16);
    expect(ids(await search(owner.headers, reference))).toContain(plain.id);
    expect(ids(await search(owner.headers, plain.id))).toEqual([plain.id]);
    expect(ids(await search(owner.headers, plain.id.replace(/-/g, '')))).toEqual([plain.id]);
    // The payout's reference, as the payment page shows it.
    await ctx.deps.db.execute(sql`UPDATE payments SET stripe_reference_id = 'po_Search42xyz' WHERE id = ${launch.id}`);
    expect(ids(await search(owner.headers, 'PO_SEARCH42'))).toEqual([launch.id]);
    // LIKE's own characters are taken literally: "%" finds the memo with a percent sign, not every row.
    expect(ids(await search(owner.headers, '%'))).toEqual([reel.id]);
    expect(ids(await search(owner.headers, '_'))).toEqual([]);
    expect((await search(owner.headers, 'nothing like it')).total).toBe(0);
    expect((await inject('GET', `/v1/payments?search=${'x'.repeat(201)}`, owner.headers)).statusCode).toBe(400);
  });

  it('keeps keyset paging and the tab with a search', async () => {
    const { owner, launch, reel } = await world();
    const first = await search(owner.headers, 'zora', '&page_size=1&tab=draft_payments');
    expect(first).toMatchObject({ total: 2, has_more: true });
    const second = await search(owner.headers, 'zora', `&page_size=1&tab=draft_payments&starting_after=${first.next_cursor}`);
    expect(second).toMatchObject({ total: null, has_more: false });
    expect([...ids(first), ...ids(second)].sort()).toEqual([launch.id, reel.id].sort());
    expect((await search(owner.headers, 'zora', '&tab=posted_payments')).total).toBe(0);
  });

  it('executes what "Select all matching" of a search matches, and only that', async () => {
    const { owner, launch, reel, plain } = await world();
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { filter: { tab: 'draft_payments', search: 'spring' } });
    expect(executed.statusCode, executed.body).toBe(200);
    const status = async (id: string) => (await inject('GET', `/v1/payments/${id}`, owner.headers)).json().status;
    expect(await status(launch.id)).not.toBe('draft');
    expect(await status(reel.id)).toBe('draft');
    expect(await status(plain.id)).toBe('draft');
  });
});
