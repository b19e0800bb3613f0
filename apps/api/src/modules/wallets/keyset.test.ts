import { beforeAll, describe, expect, it } from 'vitest';
import { treasuryTransactions } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { walkBothWays } from '../../../test/keyset-fixtures.ts';
import { activate, stripeWalletId } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let walletId: string;
let otherWalletId: string;
const ownIds: string[] = [];
const COUNT = 27;

/** Transactions as the provider's events leave them; some share one microsecond (the id breaks the tie). */
async function addTransactions(orgId: string, financialAccountId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: newId(),
    org_id: orgId,
    financial_account_id: financialAccountId,
    flow_type: 'received_credit' as const,
    status: index % 5 === 0 ? ('processing' as const) : ('succeeded' as const),
    amount: 100 + index,
    memo: `Deposit ${index}`,
    created_at: new Date(index % 4 === 0 ? Date.UTC(2026, 0, 2) : Date.UTC(2026, 0, 3, 0, 0, index)),
  }));
  await ctx.database.db.insert(treasuryTransactions).values(rows);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createOwner(ctx.app, { orgName: 'Keyset wallet' });
  const other = await createOwner(ctx.app, { orgName: 'Other wallet' });
  headers = owner.headers;
  otherHeaders = other.headers;
  await activate(ctx.app, headers);
  await activate(ctx.app, otherHeaders);
  walletId = await stripeWalletId(ctx.app, headers);
  otherWalletId = await stripeWalletId(ctx.app, otherHeaders);
  ownIds.push(...(await addTransactions(owner.org.id, walletId, COUNT)));
  await addTransactions(other.org.id, otherWalletId, 9);
});

describe('GET /v1/wallets/:id/transactions by cursor (starting_after)', () => {
  it('walks every transaction of the wallet once, in the order of the numbered pages', async () => {
    const { numbered, walked } = await walkBothWays(ctx.app, headers, `/v1/wallets/${walletId}/transactions`, {
      pageSize: 5,
      sizeParam: 'limit',
    });
    expect(numbered).toHaveLength(COUNT);
    expect(walked).toEqual(numbered);
    expect(new Set(walked)).toEqual(new Set(ownIds));
  });

  it('pages a status filter by cursor', async () => {
    const { numbered, walked } = await walkBothWays(ctx.app, headers, `/v1/wallets/${walletId}/transactions?status=processing`, {
      pageSize: 2,
      sizeParam: 'limit',
    });
    expect(walked).toEqual(numbered);
    expect(walked).toHaveLength(6);
  });

  it("never shows another organisation's transactions, by its wallet id or after its cursor", async () => {
    const byId = await ctx.app.inject({ method: 'GET', url: `/v1/wallets/${otherWalletId}/transactions`, headers });
    expect(byId.statusCode).toBe(404);
    const { firstCursor } = await walkBothWays(ctx.app, otherHeaders, `/v1/wallets/${otherWalletId}/transactions`, {
      pageSize: 2,
      sizeParam: 'limit',
    });
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/v1/wallets/${walletId}/transactions?limit=100&starting_after=${firstCursor}`,
      headers,
    });
    expect(answer.statusCode).toBe(200);
    const ids = answer.json<{ data: { id: string }[] }>().data.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => ownIds.includes(id))).toBe(true);
  });
});
