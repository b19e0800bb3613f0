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
const amountsOf = async (headers: Headers, query: string) => {
  const response = await inject('GET', `/v1/payments?tab=draft_payments&${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<{ total: number; data: { amount: number }[] }>();
  return { total: page.total, amounts: page.data.map((payment) => payment.amount).sort((a, b) => a - b) };
};

/** Drafts of $10, $50 and $200 made today, and one of $50 dated 2026-01-15 (UTC). */
async function ownerWithDated() {
  const owner = await fundedOwner(ctx.app, 1_000_000);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const drafts = await createDrafts(ctx.app, owner.headers, [row(creator.id, 1_000), row(creator.id, 5_000), row(creator.id, 20_000)]);
  const [old] = await createDrafts(ctx.app, owner.headers, [row(creator.id, 5_000)]);
  await ctx.deps.db.execute(`UPDATE payments SET created_at = '2026-01-15T23:30:00Z' WHERE id = '${old!.id}'`);
  return { owner, drafts, old: old! };
}

describe('GET /v1/payments filters', () => {
  it('filters by amount range and by UTC days created, on the server, with the total of what matches', async () => {
    const { owner } = await ownerWithDated();
    expect(await amountsOf(owner.headers, 'amount_min=5000')).toEqual({ total: 3, amounts: [5_000, 5_000, 20_000] });
    expect(await amountsOf(owner.headers, 'amount_min=2000&amount_max=10000')).toEqual({ total: 2, amounts: [5_000, 5_000] });
    // The last half hour of 2026-01-15 is that day: created_to includes the whole day.
    expect(await amountsOf(owner.headers, 'created_from=2026-01-15&created_to=2026-01-15')).toEqual({ total: 1, amounts: [5_000] });
    expect(await amountsOf(owner.headers, 'created_to=2026-01-14')).toEqual({ total: 0, amounts: [] });
    expect((await amountsOf(owner.headers, 'created_from=2026-01-16')).total).toBe(3);
    // A keyset page keeps the filter.
    const first = (await inject('GET', '/v1/payments?tab=draft_payments&amount_min=5000&page_size=2', owner.headers)).json();
    const next = await inject(
      'GET',
      `/v1/payments?tab=draft_payments&amount_min=5000&page_size=2&starting_after=${first.next_cursor}`,
      owner.headers,
    );
    expect(next.json().data.map((payment: { amount: number }) => payment.amount)).toHaveLength(1);
  });

  it('refuses a day that is not a date and an amount that is not whole cents, never a server error', async () => {
    const { owner } = await ownerWithDated();
    for (const query of [
      'created_from=2026-02-31',
      'created_to=yesterday',
      'created_from=0000-01-01',
      'amount_min=12.5',
      'amount_max=-1',
      'amount_min=abc',
    ]) {
      const response = await inject('GET', `/v1/payments?${query}`, owner.headers);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('executes with Select all matching only the drafts of the amount and date range', async () => {
    const { owner, old } = await ownerWithDated();
    const filter = { tab: 'draft_payments', amount_min: 5_000, amount_max: 5_000, created_to: '2026-01-31' };
    const answer = await inject('PUT', '/v1/payments/initiate', owner.headers, { filter });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().processing).toBe(1);
    expect((await inject('GET', `/v1/payments/${old.id}`, owner.headers)).json().status).toBe('processing');
    expect((await amountsOf(owner.headers, '')).amounts).toEqual([1_000, 5_000, 20_000]);
  });
});
