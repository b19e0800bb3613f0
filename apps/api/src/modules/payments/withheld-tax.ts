import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { backupWithholdings, ledgerTransfers, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findLedgerAccounts, postTransfer, taxWithheldEntries } from '../ledger/index.ts';
import { backupWithholdingsOf } from './backup-withholding-records.ts';

/**
 * Books the backup withholding of these held payments as tax owed (docs/money-flows.md): one
 * transfer per payment, keyed by it (a repeat is a no-op) and naming it, so a campaign's margin
 * can leave the tax out. The wallet keeps the money, but it is the IRS's: not spendable, not profit.
 */
export async function bookWithheldTax(tx: Tx, orgId: string, paymentIds: readonly string[]): Promise<number> {
  const withheld = await backupWithholdingsOf(tx, orgId, paymentIds);
  if (withheld.size === 0) return 0;
  const accounts = await findLedgerAccounts(tx, orgId);
  const total = [...withheld.values()].reduce((sum, amount) => sum + amount, 0);
  if (total > accounts.wallet_available.balance)
    throw new AppError(
      'insufficient_funds',
      `Not enough funds in your wallet for the backup withholding: ${formatCents(total)} of tax is kept back for the IRS and ${formatCents(accounts.wallet_available.balance)} is available after these payments`,
    );
  for (const [paymentId, amount] of withheld) {
    await postTransfer(tx, {
      org_id: orgId,
      key: `tax_withheld:${paymentId}`,
      type: 'tax_withheld',
      memo: 'Backup withholding owed to the IRS',
      metadata: { payment_id: paymentId },
      entries: taxWithheldEntries(accounts, 'withheld', amount),
    });
  }
  return total;
}

const RELEASE_MEMO = {
  failed: 'Backup withholding not owed: the payment failed or was returned',
  canceled: 'Backup withholding not owed: the payment was canceled before it was sent',
} as const;

/**
 * The tax booked for this payment back to the wallet, in one transfer keyed by the payment: a
 * second call (a repeated event, a concurrent cancel) finds the key taken and moves nothing.
 */
async function postRelease(tx: Tx, orgId: string, paymentId: string, amount: number, why: keyof typeof RELEASE_MEMO): Promise<void> {
  const [booked] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.org_id, orgId), eq(ledgerTransfers.idempotency_key, `tax_withheld:${paymentId}`)));
  if (!booked) return;
  await postTransfer(tx, {
    org_id: orgId,
    key: `tax_released:${paymentId}`,
    type: 'tax_released',
    memo: RELEASE_MEMO[why],
    metadata: { payment_id: paymentId },
    entries: taxWithheldEntries(await findLedgerAccounts(tx, orgId), 'released', amount),
  });
}

/** A payment that failed or was returned paid nothing, so its withheld tax is not owed: back to the wallet (once). */
export async function releaseWithheldTax(tx: Tx, orgId: string, paymentId: string): Promise<void> {
  const amount = (await backupWithholdingsOf(tx, orgId, [paymentId])).get(paymentId);
  if (amount) await postRelease(tx, orgId, paymentId, amount, 'failed');
}

/**
 * Executed payments that end without being sent (rejected, or deleted while awaiting input):
 * nothing is paid, so nothing was withheld. The tax goes back to the wallet and the payment no
 * longer says it kept any back (its backup withholding record is removed and its federal
 * withholdings lose that part). The amount stays the one the batch held, which the hold's release
 * gave back. The record's DELETE takes its row lock: of two concurrent cancels, one returns it.
 */
export async function returnWithheldTax(tx: Tx, orgId: string, paymentIds: readonly string[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const returned = await tx
    .delete(backupWithholdings)
    .where(and(eq(backupWithholdings.org_id, orgId), inArray(backupWithholdings.payment_id, [...paymentIds])))
    .returning({ payment_id: backupWithholdings.payment_id, amount: backupWithholdings.amount });
  for (const { payment_id, amount } of returned) {
    await postRelease(tx, orgId, payment_id, amount, 'canceled');
    await tx
      .update(payments)
      .set({ federal_withholdings: sql`GREATEST(${payments.federal_withholdings} - ${amount}, 0)`, updated_at: new Date() })
      .where(and(eq(payments.org_id, orgId), eq(payments.id, payment_id)));
  }
  return returned.reduce((sum, row) => sum + row.amount, 0);
}
