import { and, eq } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { ledgerTransfers } from '../../db/schema/index.ts';
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

/** A payment that failed or was returned paid nothing, so its withheld tax is not owed: back to the wallet (once). */
export async function releaseWithheldTax(tx: Tx, orgId: string, paymentId: string): Promise<void> {
  const amount = (await backupWithholdingsOf(tx, orgId, [paymentId])).get(paymentId);
  if (!amount) return;
  const [booked] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.org_id, orgId), eq(ledgerTransfers.idempotency_key, `tax_withheld:${paymentId}`)));
  if (!booked) return;
  await postTransfer(tx, {
    org_id: orgId,
    key: `tax_released:${paymentId}`,
    type: 'tax_released',
    memo: 'Backup withholding not owed: the payment failed or was returned',
    metadata: { payment_id: paymentId },
    entries: taxWithheldEntries(await findLedgerAccounts(tx, orgId), 'released', amount),
  });
}
