import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { newId } from '../../lib/ids.ts';
import { ensureLedgerAccounts, findBalances, type WalletAccounts } from './accounts.ts';
import { postTransfer } from './post-transfer.ts';
import { reconcileLedger } from './reconcile.ts';

let ctx: TestContext;
let orgId: string;
let accounts: WalletAccounts;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await createOwner(ctx.app)).org.id;
  accounts = await ensureLedgerAccounts(ctx.deps.db, orgId);
});

/** What PostgreSQL answers to raw SQL that bypasses postTransfer: its message, or null when it accepts. */
async function databaseRefusal(statements: (transferId: string) => ReturnType<typeof sql>[]): Promise<string | null> {
  const transferId = newId();
  try {
    await ctx.deps.db.transaction(async (tx) => {
      for (const statement of statements(transferId)) await tx.execute(statement);
    });
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}
const transferRow = (id: string) =>
  sql`INSERT INTO ledger_transfers (id, org_id, idempotency_key, type) VALUES (${id}, ${orgId}, ${`raw-${id}`}, 'raw')`;
const entryRow = (transferId: string, accountId: string, amount: number) =>
  sql`INSERT INTO ledger_entries (id, transfer_id, account_id, amount) VALUES (${newId()}, ${transferId}, ${accountId}, ${amount})`;

describe('the ledger rules live in PostgreSQL', () => {
  it('refuses an unbalanced transfer inserted by raw SQL, at commit', async () => {
    const refusal = await databaseRefusal((id) => [
      transferRow(id),
      entryRow(id, accounts.outside_bank.id, -500),
      entryRow(id, accounts.wallet_available.id, 400),
    ]);
    expect(refusal).toMatch(/is unbalanced: its entries sum to -100/);
  });

  it('refuses an entry added later to a balanced transfer (the entries check alone fires)', async () => {
    // Another organisation's accounts, kept in step with the raw entries, so the books of the rest stay as they are.
    const own = await ensureLedgerAccounts(ctx.deps.db, (await createOwner(ctx.app)).org.id);
    const posted = newId();
    await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO ledger_transfers (id, org_id, idempotency_key, type) VALUES (${posted}, ${own.outside_bank.org_id}, ${`raw-${posted}`}, 'raw')`,
      );
      await tx.execute(entryRow(posted, own.outside_bank.id, -200));
      await tx.execute(entryRow(posted, own.wallet_available.id, 200));
      await tx.execute(sql`UPDATE ledger_accounts SET balance = balance - 200 WHERE id = ${own.outside_bank.id}`);
      await tx.execute(sql`UPDATE ledger_accounts SET balance = balance + 200 WHERE id = ${own.wallet_available.id}`);
    });
    const refusal = await databaseRefusal(() => [entryRow(posted, own.wallet_available.id, 50)]);
    expect(refusal).toMatch(/is unbalanced: its entries sum to 50/);
  });

  it('refuses a transfer without entries and an entry of zero', async () => {
    expect(await databaseRefusal((id) => [transferRow(id)])).toMatch(/has no entries/);
    expect(
      await databaseRefusal((id) => [
        transferRow(id),
        entryRow(id, accounts.outside_bank.id, 0),
        entryRow(id, accounts.wallet_available.id, 0),
      ]),
    ).toMatch(/ledger_entries_amount_not_zero/);
  });

  it('accepts a balanced transfer by raw SQL, and postTransfer still works', async () => {
    expect(
      await databaseRefusal((id) => [
        transferRow(id),
        entryRow(id, accounts.outside_bank.id, -700),
        entryRow(id, accounts.wallet_available.id, 700),
      ]),
    ).toBeNull();
    await ctx.deps.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 700 WHERE id = ${accounts.wallet_available.id}`);
    await ctx.deps.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 700 WHERE id = ${accounts.outside_bank.id}`);
    await ctx.deps.db.transaction((tx) =>
      postTransfer(tx, {
        org_id: orgId,
        key: 'rules-deposit',
        type: 'deposit',
        entries: [
          { account_id: accounts.outside_bank.id, amount: -300 },
          { account_id: accounts.wallet_available.id, amount: 300 },
        ],
      }),
    );
    expect(await findBalances(ctx.deps.db, orgId, ['wallet_available'])).toEqual({ wallet_available: 1_000 });
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('refuses an UPDATE or DELETE of a ledger entry', async () => {
    const update = await databaseRefusal(() => [
      sql`UPDATE ledger_entries SET amount = amount * 2 WHERE account_id = ${accounts.wallet_available.id}`,
    ]);
    expect(update).toMatch(/append-only: UPDATE refused/);
    const remove = await databaseRefusal(() => [sql`DELETE FROM ledger_entries WHERE account_id = ${accounts.wallet_available.id}`]);
    expect(remove).toMatch(/append-only: DELETE refused/);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('refuses payments with an amount of zero, a negative fee or an unknown status', async () => {
    const payment = (values: { amount: number; fee: number; status: string }) =>
      sql`INSERT INTO payments (id, org_id, recipient, recipient_role, status, amount, earnings, split, fee)
          VALUES (${newId()}, ${orgId}, ${newId()}, 'creator', ${values.status}, ${values.amount}, 10000, 100, ${values.fee})`;
    expect(await databaseRefusal(() => [payment({ amount: 0, fee: 0, status: 'draft' })])).toMatch(/payments_amount_positive/);
    expect(await databaseRefusal(() => [payment({ amount: 100, fee: -1, status: 'draft' })])).toMatch(/payments_fee_not_negative/);
    expect(await databaseRefusal(() => [payment({ amount: 100, fee: 0, status: 'lost' })])).toMatch(/payments_status_known/);
  });
});
