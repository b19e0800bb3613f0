import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew } from '../../../test/approval-fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
type QueuePage = { data: { payment_id: string }[]; has_more: boolean; next_cursor: string | null; total: number | null };
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const queuePage = async (headers: Headers, query: string) => {
  const response = await inject('GET', `/v1/approvals?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QueuePage>();
};

describe('Approvals queue paging', () => {
  it('pages the queue by cursor, oldest first, each payment once, and never shows another organisation', async () => {
    const { admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const first = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [1_000, 2_000, 3_000]);
    const later = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [4_000, 5_000]);
    // Another organisation's payments awaiting approval, executed in between the pages' reads.
    const other = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const foreign = await executeNew(ctx.app, other.admin.headers, other.admin.headers, other.creator.id, [6_000, 7_000]);

    const pageOne = await queuePage(second.headers, 'page_size=2');
    expect(pageOne).toMatchObject({ has_more: true, total: 5 });
    const seen = pageOne.data.map((item) => item.payment_id);
    let cursor = pageOne.next_cursor;
    while (cursor) {
      const next = await queuePage(second.headers, `page_size=2&starting_after=${cursor}`);
      expect(next.total).toBeNull();
      seen.push(...next.data.map((item) => item.payment_id));
      cursor = next.next_cursor;
      if (!next.has_more) expect(cursor).toBeNull();
    }
    // Oldest first: the first execution's payments, then the later one's, each once.
    const ids = (run: typeof first) => run.drafts.map((draft) => draft.id).sort();
    expect(seen.slice(0, 3).sort()).toEqual(ids(first));
    expect(seen.slice(3).sort()).toEqual(ids(later));
    for (const id of foreign.drafts.map((draft) => draft.id)) expect(seen).not.toContain(id);
    expect((await queuePage(other.second.headers, 'page_size=100')).data.map((item) => item.payment_id).sort()).toEqual(
      foreign.drafts.map((draft) => draft.id).sort(),
    );
  });

  it('answers a bad cursor or page size with a field message, never a 500', async () => {
    const { second } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    for (const query of ['starting_after=bm9wZQ', 'starting_after=%2A%2A', 'page_size=0', 'page_size=101', 'page_size=abc']) {
      const response = await inject('GET', `/v1/approvals?${query}`, second.headers);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
