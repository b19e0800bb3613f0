import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createOwner } from './fixtures.ts';
import { activate } from './wallet-fixtures.ts';
import { treasuryTransactions } from '../src/db/schema/index.ts';
import type { World } from './worlds.ts';

/** Steps of the wallet's banking scenarios, the same for the sandbox and for Stripe Treasury on its fake. */
async function activatedOwner(world: World) {
  const owner = await createOwner(world.ctx.app);
  await activate(world.ctx.app, owner.headers);
  await world.afterActivation();
  return { ...owner, email: owner.user.email, org_id: owner.org.id };
}

/** The status of one of the wallet's transactions, as its row says. */
export async function transactionStatus(world: World, id: string) {
  const [row] = await world.ctx.deps.db.select().from(treasuryTransactions).where(eq(treasuryTransactions.id, id));
  return row!.status;
}

/** Add funds: an owner links and verifies the bank `accountNumber`, then debits `amount` from it (POST /v1/treasury/ach_debit). */
export async function walletAchDebit(world: World, accountNumber: string, amount: number) {
  const owner = await activatedOwner(world);
  const paymentMethod = await world.linkBank(owner, accountNumber);
  const debit = await world.ctx.app.inject({
    method: 'POST',
    url: '/v1/treasury/ach_debit',
    headers: owner.headers,
    payload: { payment_method: paymentMethod, amount },
  });
  expect(debit.statusCode, debit.body).toBe(200);
  return { owner, transactionId: debit.json<{ id: string }>().id };
}

/** Transfer out: a funded wallet (the organisation allowed to) sends `amount` to the bank `accountNumber` (POST /v1/treasury/ach). */
export async function walletTransferOut(world: World, accountNumber: string, amount: number) {
  const owner = await activatedOwner(world);
  world.ctx.deps.config.transferOutOrgId = owner.org.id;
  await world.fund(owner.headers, owner.org.id, 100_000);
  const sent = await world.ctx.app.inject({
    method: 'POST',
    url: '/v1/treasury/ach',
    headers: owner.headers,
    payload: { amount, name: 'Acme Payroll', description: 'Payroll', account_num: accountNumber, routing_num: '110000000' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { owner, transactionId: sent.json<{ id: string }>().id };
}

/** Someone sends `amount` to the wallet's own account numbers; answers our transaction once it has arrived. */
export async function walletReceivedCredit(world: World, amount: number) {
  const owner = await activatedOwner(world);
  await world.receiveCredit(owner.org.id, amount);
  await world.settle();
  const rows = await world.ctx.deps.db
    .select({ id: treasuryTransactions.id })
    .from(treasuryTransactions)
    .where(and(eq(treasuryTransactions.org_id, owner.org.id), eq(treasuryTransactions.flow_type, 'received_credit')));
  expect(rows).toHaveLength(1);
  return { owner, transactionId: rows[0]!.id };
}
