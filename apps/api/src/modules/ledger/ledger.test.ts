import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { ensureLedgerAccounts, findBalances, type WalletAccounts } from './accounts.ts';
import { holdFunds, releaseHold } from './holds.ts';
import { postTransfer } from './post-transfer.ts';
import { reconcileLedger } from './reconcile.ts';

let ctx: TestContext;
let orgId: string;
let accounts: WalletAccounts;

const deposit = (key: string, amount: number) =>
  ctx.deps.db.transaction((tx) =>
    postTransfer(tx, {
      org_id: orgId,
      key,
      type: 'deposit',
      entries: [
        { account_id: accounts.outside_bank.id, amount: -amount },
        { account_id: accounts.wallet_available.id, amount },
      ],
    }),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createOwner(ctx.app);
  orgId = owner.org.id;
  accounts = await ensureLedgerAccounts(ctx.deps.db, orgId);
});

describe('postTransfer', () => {
  it('moves money between accounts and posts a repeated key once', async () => {
    const first = await deposit('deposit-1', 10_000);
    const repeat = await deposit('deposit-1', 10_000);
    expect(first.isNew).toBe(true);
    expect(repeat).toEqual({ id: first.id, isNew: false });
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'outside_bank'])).toEqual({
      wallet_available: 10_000,
      outside_bank: -10_000,
    });
  });

  it('refuses entries that do not sum to zero', async () => {
    await expect(
      ctx.deps.db.transaction((tx) =>
        postTransfer(tx, {
          org_id: orgId,
          key: 'bad',
          type: 'x',
          entries: [
            { account_id: accounts.fees.id, amount: 5 },
            { account_id: accounts.outside_bank.id, amount: -4 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
  });

  it('refuses to overdraw the wallet, and the database CHECK refuses it even without the code check', async () => {
    await expect(
      ctx.deps.db.transaction((tx) => holdFunds(tx, accounts, { org_id: orgId, key: 'too-big', amount: 10_000_000 })),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(
      ctx.deps.db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${accounts.wallet_available.id}`),
    ).rejects.toMatchObject({
      cause: { constraint: 'ledger_accounts_balance_not_negative' },
    });
  });

  it('holds money out of available and releases it back', async () => {
    const before = await findBalances(ctx.deps.db, orgId, ['wallet_available', 'wallet_held']);
    await ctx.deps.db.transaction((tx) => holdFunds(tx, accounts, { org_id: orgId, key: 'hold-1', amount: 2_500 }));
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'wallet_held'])).toEqual({
      wallet_available: before.wallet_available! - 2_500,
      wallet_held: before.wallet_held! + 2_500,
    });
    await ctx.deps.db.transaction((tx) => releaseHold(tx, accounts, { org_id: orgId, key: 'release-1', amount: 2_500 }));
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available', 'wallet_held'])).toEqual(before);
  });

  it('lets 50 concurrent debits of one wallet never overdraw it, and the books reconcile', async () => {
    const start = (await findBalances(ctx.deps.db, orgId, ['wallet_available'])).wallet_available!;
    const debit = 300;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ctx.deps.db.transaction((tx) =>
          postTransfer(tx, {
            org_id: orgId,
            key: `debit-${index}`,
            type: 'debit',
            entries: [
              { account_id: accounts.wallet_available.id, amount: -debit },
              { account_id: accounts.outside_bank.id, amount: debit },
            ],
          }),
        ),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter((result) => result.status === 'rejected');
    expect(succeeded).toBe(Math.floor(start / debit));
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_funds' });
    const { wallet_available } = await findBalances(ctx.deps.db, orgId, ['wallet_available']);
    expect(wallet_available).toBe(start - succeeded * debit);
    expect(wallet_available).toBeGreaterThanOrEqual(0);
    const report = await reconcileLedger(ctx.deps);
    expect(report.problems).toEqual([]);
    expect(report.transfers).toBeGreaterThan(succeeded);
  });
});

describe('reconcileLedger', () => {
  it('finds a balance that does not match its entries', async () => {
    await ctx.deps.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 7 WHERE id = ${accounts.fees.id}`);
    const report = await reconcileLedger(ctx.deps);
    expect(report.problems).toEqual([{ kind: 'balance_mismatch', account_id: accounts.fees.id, balance: 7, entries_sum: 0 }]);
    await ctx.deps.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 7 WHERE id = ${accounts.fees.id}`);
  });
});
