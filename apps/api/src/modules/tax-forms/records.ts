import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { taxFormMessages, type TaxFormSummary } from '@crewpay/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { taxForms, type TaxFormRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export type PayeeRef = { type: 'creator' | 'user'; id: string };

export const toTaxFormSummary = (row: TaxFormRow): TaxFormSummary => ({
  id: row.id,
  payee_id: row.payee_id,
  form_type: row.form_type,
  status: row.status,
  name: row.name,
  signer_name: row.signer_name,
  signed_at: row.signed_at.toISOString(),
  tin_last4: row.tin_last4,
  superseded_by: row.superseded_by,
});

/**
 * Stores a signed form as the payee's active one and marks the one it replaces superseded. The
 * payee's forms are serialised by an advisory lock so two signings at once leave one active form.
 */
export async function insertSupersedingForm(tx: Tx, row: typeof taxForms.$inferInsert & { id: string }): Promise<TaxFormRow> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tax_forms:${row.payee_id}`}, 0))`);
  const [inserted] = await tx.insert(taxForms).values(row).returning();
  await tx
    .update(taxForms)
    .set({ status: 'superseded', superseded_by: row.id })
    .where(and(eq(taxForms.payee_id, row.payee_id), eq(taxForms.status, 'active'), sql`${taxForms.id} <> ${row.id}`));
  return inserted!;
}

/** A payee's forms, newest first (the active one and the history it superseded). */
export async function listPayeeForms(db: DbOrTx, payeeIds: readonly string[]): Promise<TaxFormRow[]> {
  if (payeeIds.length === 0) return [];
  return db
    .select()
    .from(taxForms)
    .where(inArray(taxForms.payee_id, [...payeeIds]))
    .orderBy(desc(taxForms.signed_at), desc(taxForms.id));
}

/** One form, only when it belongs to one of the given payees (the caller's scope); else not found. */
export async function findPayeeForm(db: DbOrTx, id: string, payeeIds: readonly string[]): Promise<TaxFormRow> {
  const [row] = payeeIds.length
    ? await db
        .select()
        .from(taxForms)
        .where(and(eq(taxForms.id, id), inArray(taxForms.payee_id, [...payeeIds])))
    : [];
  if (!row) throw new AppError('not_found', taxFormMessages.notFound);
  return row;
}

/** A form by id alone: the caller then proves the payee is in its organisation. */
export async function findTaxFormById(db: DbOrTx, id: string): Promise<TaxFormRow | null> {
  const [row] = await db.select().from(taxForms).where(eq(taxForms.id, id));
  return row ?? null;
}
