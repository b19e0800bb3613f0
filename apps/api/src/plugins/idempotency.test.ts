import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';
import { ensureLedgerAccounts, findBalances, type WalletAccounts } from '../modules/ledger/accounts.ts';
import { postTransfer } from '../modules/ledger/post-transfer.ts';
import { newId } from '../lib/ids.ts';
import { IDEMPOTENCY_CONFLICT_MESSAGE, hashRequest, runIdempotent } from './idempotency.ts';

let ctx: TestContext;
let orgId: string;
let accounts: WalletAccounts;
let executions = 0;

/** A money-moving piece of work: a deposit under a fresh ledger key each time it runs. */
const deposit = (key: string | undefined, body: { amount: number }) =>
  runIdempotent(ctx.deps.db, { org_id: orgId, scope: 'test.deposit', key, body }, async (tx) => {
    executions += 1;
    const transfer = await postTransfer(tx, {
      org_id: orgId,
      key: newId(),
      type: 'deposit',
      entries: [
        { account_id: accounts.outside_bank.id, amount: -body.amount },
        { account_id: accounts.wallet_available.id, amount: body.amount },
      ],
    });
    return { transfer_id: transfer.id, amount: body.amount };
  });

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await createOwner(ctx.app)).org.id;
  accounts = await ensureLedgerAccounts(ctx.deps.db, orgId);
});

const available = async () => (await findBalances(ctx.deps.db, orgId, ['wallet_available'])).wallet_available;

describe('runIdempotent', () => {
  it('answers a repeat with the same key and body with the first result, moving money once', async () => {
    const before = await available();
    const first = await deposit('key-1', { amount: 500 });
    const repeat = await deposit('key-1', { amount: 500 });
    expect(first.isReplay).toBe(false);
    expect(repeat).toEqual({ result: first.result, isReplay: true });
    expect(await available()).toBe(before! + 500);
  });

  it('refuses the same key with another body', async () => {
    await deposit('key-2', { amount: 100 });
    await expect(deposit('key-2', { amount: 200 })).rejects.toMatchObject({
      code: 'idempotency_conflict',
      message: IDEMPOTENCY_CONFLICT_MESSAGE,
    });
  });

  it('runs concurrent duplicates once', async () => {
    const before = await available();
    executions = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit('key-3', { amount: 700 })));
    expect(executions).toBe(1);
    expect(answers.filter((answer) => !answer.isReplay)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.result.transfer_id)).size).toBe(1);
    expect(await available()).toBe(before! + 700);
  });

  it('runs every request without a key', async () => {
    const before = await available();
    await deposit(undefined, { amount: 1 });
    await deposit(undefined, { amount: 1 });
    expect(await available()).toBe(before! + 2);
  });

  it('lets a key whose first attempt failed run again', async () => {
    await expect(
      runIdempotent(ctx.deps.db, { org_id: orgId, scope: 'test.deposit', key: 'key-4', body: { amount: 9 } }, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    const rows = await ctx.deps.db.execute(sql`SELECT 1 FROM idempotency_keys WHERE key = 'key-4'`);
    expect(rows.rows).toHaveLength(0);
    expect((await deposit('key-4', { amount: 9 })).isReplay).toBe(false);
  });

  it('hashes bodies independently of key order', () => {
    expect(hashRequest('s', { a: 1, b: { c: 2, d: 3 } })).toBe(hashRequest('s', { b: { d: 3, c: 2 }, a: 1 }));
    expect(hashRequest('s', { a: 1 })).not.toBe(hashRequest('t', { a: 1 }));
  });
});
