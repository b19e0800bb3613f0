import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { ensureLedgerAccounts, findBalances, type WalletAccounts } from './accounts.ts';
import { postTransfer, type LedgerEntryInput } from './post-transfer.ts';
import { reconcileLedger } from './reconcile.ts';

// The posting is one prepared statement (post-transfer.ts); these prove what it must keep doing under concurrency.
let ctx: TestContext;
let orgId: string;
let accounts: WalletAccounts;

const post = (key: string, entries: LedgerEntryInput[], options: { holdOpenMs?: number } = {}) =>
  ctx.deps.db.transaction(async (tx) => {
    const posted = await postTransfer(tx, { org_id: orgId, key, type: 'test', entries });
    // Keeps the transaction (and its row locks) open so concurrent postings queue behind it.
    if (options.holdOpenMs) await new Promise((resolve) => setTimeout(resolve, options.holdOpenMs));
    return posted;
  });
const deposit = (key: string, amount: number, options: { holdOpenMs?: number } = {}) =>
  post(
    key,
    [
      { account_id: accounts.outside_bank.id, amount: -amount },
      { account_id: accounts.wallet_available.id, amount },
    ],
    options,
  );
const transfersWithKey = async (key: string) =>
  (await ctx.deps.db.execute<{ id: string }>(sql`SELECT id FROM ledger_transfers WHERE org_id = ${orgId} AND idempotency_key = ${key}`))
    .rows;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await createOwner(ctx.app)).org.id;
  accounts = await ensureLedgerAccounts(ctx.deps.db, orgId);
});

describe('postTransfer under concurrency', () => {
  it('answers one transfer to parallel postings of the same key and moves the money once', async () => {
    const before = await findBalances(ctx.deps.db, orgId, ['wallet_available']);
    const results = await Promise.all(Array.from({ length: 8 }, () => deposit('same-key', 1_000, { holdOpenMs: 50 })));
    const ids = new Set(results.map((result) => result.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.isNew)).toHaveLength(1);
    expect(await transfersWithKey('same-key')).toEqual([{ id: [...ids][0] }]);
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available'])).toEqual({ wallet_available: before.wallet_available! + 1_000 });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('answers the first transfer to a key repeated later, even with other entries, and posts nothing', async () => {
    const first = await deposit('repeat-later', 500);
    const before = await findBalances(ctx.deps.db, orgId, ['wallet_available', 'fees']);
    const repeat = await post('repeat-later', [
      { account_id: accounts.wallet_available.id, amount: -200 },
      { account_id: accounts.fees.id, amount: 200 },
    ]);
    expect(repeat).toEqual({ id: first.id, isNew: false });
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'fees'])).toEqual(before);
  });

  it('never deadlocks nor loses an update when transfers cross the same accounts in both directions', async () => {
    await deposit('crossing-funds', 10_000);
    const before = await findBalances(ctx.deps.db, orgId, ['wallet_available', 'fees']);
    // Half move available -> fees, half fees -> available, listing the accounts in opposite orders.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        index % 2 === 0
          ? post(
              `cross-${index}`,
              [
                { account_id: accounts.wallet_available.id, amount: -100 },
                { account_id: accounts.fees.id, amount: 100 },
              ],
              { holdOpenMs: 5 },
            )
          : post(
              `cross-${index}`,
              [
                { account_id: accounts.fees.id, amount: -30 },
                { account_id: accounts.wallet_available.id, amount: 30 },
              ],
              { holdOpenMs: 5 },
            ),
      ),
    );
    const failures = results.filter((result) => result.status === 'rejected').map((result) => String(result.reason));
    // A move back may find fees empty if it runs before the moves out: refused, never a deadlock or another error.
    for (const failure of failures) expect(failure).toMatch(/not enough funds/);
    const moved = results.reduce((sum, result, index) => (result.status === 'fulfilled' ? sum + (index % 2 === 0 ? 100 : -30) : sum), 0);
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'fees'])).toEqual({
      wallet_available: before.wallet_available! - moved,
      fees: before.fees! + moved,
    });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('sums several entries of one account and posts a transfer of more than two accounts', async () => {
    await deposit('split-funds', 1_000);
    const before = await findBalances(ctx.deps.db, orgId, ['wallet_available', 'fees', 'receivable']);
    const posted = await post('split', [
      { account_id: accounts.wallet_available.id, amount: -600 },
      { account_id: accounts.fees.id, amount: 250 },
      { account_id: accounts.fees.id, amount: 300 },
      { account_id: accounts.receivable.id, amount: 50 },
    ]);
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'fees', 'receivable'])).toEqual({
      wallet_available: before.wallet_available! - 600,
      fees: before.fees! + 550,
      receivable: before.receivable! + 50,
    });
    const entries = await ctx.deps.db.execute<{ amount: number }>(
      sql`SELECT amount FROM ledger_entries WHERE transfer_id = ${posted.id} ORDER BY amount`,
    );
    expect(entries.rows.map((row) => Number(row.amount))).toEqual([-600, 50, 250, 300]);
  });

  it('refuses an overdraft and an account of another organisation, leaving no transfer behind', async () => {
    const other = await ensureLedgerAccounts(ctx.deps.db, (await createOwner(ctx.app)).org.id);
    const before = await findBalances(ctx.deps.db, orgId, ['wallet_available', 'wallet_held']);
    await expect(
      post('overdraft', [
        { account_id: accounts.wallet_available.id, amount: -(before.wallet_available! + 1) },
        { account_id: accounts.wallet_held.id, amount: before.wallet_available! + 1 },
      ]),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(
      post('foreign', [
        { account_id: accounts.outside_bank.id, amount: -100 },
        { account_id: other.wallet_available.id, amount: 100 },
      ]),
    ).rejects.toThrow(/does not exist in the organisation/);
    expect(await transfersWithKey('overdraft')).toEqual([]);
    expect(await transfersWithKey('foreign')).toEqual([]);
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'wallet_held'])).toEqual(before);
    expect((await findBalances(ctx.deps.db, other.wallet_available.org_id, ['wallet_available'])).wallet_available).toBe(0);
  });

  it('refuses unbalanced entries, a zero amount and a lone entry before reaching the database', async () => {
    await expect(
      post('unbalanced', [
        { account_id: accounts.outside_bank.id, amount: -100 },
        { account_id: accounts.wallet_available.id, amount: 99 },
      ]),
    ).rejects.toThrow(/sum to zero, got -1/);
    await expect(
      post('zero', [
        { account_id: accounts.outside_bank.id, amount: 0 },
        { account_id: accounts.wallet_available.id, amount: 0 },
      ]),
    ).rejects.toThrow(/Invalid ledger amount 0/);
    await expect(post('lone', [{ account_id: accounts.outside_bank.id, amount: 100 }])).rejects.toThrow(/at least two entries/);
    for (const key of ['unbalanced', 'zero', 'lone']) expect(await transfersWithKey(key)).toEqual([]);
  });
});
