import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { backupWithholdings, creators, orgTaxSettings, taxForms } from '../../db/schema/index.ts';

// Backup withholding's own tables (org_tax_settings, backup_withholdings) and the one read of the
// tax-forms module's table it needs (who has an active form), kept here so payments never imports
// tax-forms (which imports taxes, which imports payments).

/** IRC 3406: the backup withholding rate, percent. */
export const BACKUP_WITHHOLDING_RATE = 24;

export async function isBackupWithholdingOn(db: DbOrTx, orgId: string): Promise<boolean> {
  const [row] = await db.select().from(orgTaxSettings).where(eq(orgTaxSettings.org_id, orgId));
  return row?.backup_withholding ?? false;
}

export async function setBackupWithholding(db: DbOrTx, orgId: string, enabled: boolean): Promise<boolean> {
  await db
    .insert(orgTaxSettings)
    .values({ org_id: orgId, backup_withholding: enabled })
    .onConflictDoUpdate({ target: orgTaxSettings.org_id, set: { backup_withholding: enabled, updated_at: new Date() } });
  return enabled;
}

/**
 * The payees of these payments that backup withholding applies to, when the organisation turned
 * it on: every payee but W-2 creators (wages are withheld as W-2) and those with an active form.
 * An active W-9 is a certified, range-checked TIN; an active W-8BEN/W-8BEN-E says the payee is not
 * a US person, so there is no 1099 and no backup withholding. A payee without any form is treated
 * as a US person without a TIN, as the IRS presumes.
 */
export async function payeesOwingBackupWithholding(db: DbOrTx, orgId: string, recipients: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(recipients)];
  if (ids.length === 0 || !(await isBackupWithholdingOn(db, orgId))) return new Set();
  const [w2, withForms] = await Promise.all([
    db
      .select({ id: creators.id })
      .from(creators)
      .where(and(eq(creators.org_id, orgId), eq(creators.is_w2, true), inArray(creators.id, ids))),
    db
      .selectDistinct({ id: taxForms.payee_id })
      .from(taxForms)
      .where(and(inArray(taxForms.payee_id, ids), eq(taxForms.status, 'active'))),
  ]);
  const spared = new Set([...w2, ...withForms].map((row) => row.id));
  return new Set(ids.filter((id) => !spared.has(id)));
}

/** Records what was withheld from each payment, so the payment can say it was backup withholding. */
export async function recordBackupWithholdings(db: DbOrTx, orgId: string, entries: { payment_id: string; amount: number }[]) {
  if (entries.length === 0) return;
  await db.insert(backupWithholdings).values(entries.map((entry) => ({ ...entry, org_id: orgId, rate: String(BACKUP_WITHHOLDING_RATE) })));
}

export async function findBackupWithholding(db: DbOrTx, orgId: string, paymentId: string) {
  const [row] = await db
    .select({ rate: backupWithholdings.rate, amount: backupWithholdings.amount })
    .from(backupWithholdings)
    .where(and(eq(backupWithholdings.org_id, orgId), eq(backupWithholdings.payment_id, paymentId)));
  return row ? { rate: Number(row.rate), amount: row.amount } : null;
}

/** The backup withholding of each of these payments that had some (payment id -> cents). */
export async function backupWithholdingsOf(db: DbOrTx, orgId: string, paymentIds: readonly string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ payment_id: backupWithholdings.payment_id, amount: backupWithholdings.amount })
    .from(backupWithholdings)
    .where(and(eq(backupWithholdings.org_id, orgId), inArray(backupWithholdings.payment_id, [...paymentIds])));
  return new Map(rows.map((row) => [row.payment_id, row.amount]));
}
