import { and, eq } from 'drizzle-orm';
import { percentOfCents } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { payments, type Payment } from '../../db/schema/index.ts';
import { BACKUP_WITHHOLDING_RATE, payeesOwingBackupWithholding, recordBackupWithholdings } from './backup-withholding-records.ts';
import { rereadPayments } from './recompute.ts';

/**
 * Backup withholding at execution (issue #32): with the organisation's setting on, a payment to a
 * payee without a W-9 (and without a W-8: foreign payees are not backup withheld) keeps back 24%
 * of its amount as federal_withholdings, rounded half-up to the cent, so the payee is paid the
 * rest and box 4 of their 1099-NEC reports it. The gross (amount + withholdings) and the fee stay
 * as drafted. Runs on the locked drafts after the W-2 recomputation; answers the rows as they are now.
 */
export async function applyBackupWithholding(tx: Tx, orgId: string, rows: Payment[]): Promise<Payment[]> {
  const owing = await payeesOwingBackupWithholding(
    tx,
    orgId,
    rows.map((row) => row.recipient),
  );
  const withheld = rows
    .filter((row) => owing.has(row.recipient) && row.federal_withholdings === 0)
    .map((row) => ({ row, amount: percentOfCents(row.amount, BACKUP_WITHHOLDING_RATE) }))
    .filter((entry) => entry.amount > 0);
  if (withheld.length === 0) return rows;
  for (const { row, amount } of withheld) {
    await tx
      .update(payments)
      .set({ amount: row.amount - amount, federal_withholdings: amount, updated_at: new Date() })
      .where(and(eq(payments.org_id, orgId), eq(payments.id, row.id)));
  }
  await recordBackupWithholdings(
    tx,
    orgId,
    withheld.map(({ row, amount }) => ({ payment_id: row.id, amount })),
  );
  return rereadPayments(tx, orgId, rows);
}
