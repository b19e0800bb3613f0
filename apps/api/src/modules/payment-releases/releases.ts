import { and, eq, ne } from 'drizzle-orm';
import { paymentReleaseMessages, type PaymentReleaseAnswer } from '@crewpay/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { invoiceFundedPayments, invoices, paymentReleases, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** The invoice's funded payments that are still drafts (the ones a release executes). */
export async function fundedDraftIds(db: DbOrTx, orgId: string, invoiceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(invoiceFundedPayments)
    .innerJoin(payments, eq(payments.id, invoiceFundedPayments.payment_id))
    .where(
      and(
        eq(invoiceFundedPayments.org_id, orgId),
        eq(invoiceFundedPayments.invoice_id, invoiceId),
        eq(payments.status, 'draft'),
        eq(payments.is_deleted, false),
      ),
    )
    .orderBy(payments.id);
  return rows.map((row) => row.id);
}

async function lockInvoice(tx: Tx, orgId: string, invoiceId: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.org_id, orgId), eq(invoices.id, invoiceId)))
    .for('update');
  if (!invoice) throw new AppError('not_found', 'Invoice not found');
  return invoice;
}

/** Marks an open invoice's funded drafts "Release when paid" (again after a hold: the hold is lifted). */
export async function markReleaseWhenPaid(tx: Tx, orgId: string, userId: string, invoiceId: string): Promise<PaymentReleaseAnswer> {
  const invoice = await lockInvoice(tx, orgId, invoiceId);
  if (invoice.status !== 'requires_info') throw new AppError('conflict', paymentReleaseMessages.notOpen);
  // Marked paid by hand, an offline invoice brings no money in: nothing would ever release them.
  if (invoice.processor === 'offline') throw new AppError('conflict', paymentReleaseMessages.offline);
  const [existing] = await tx.select().from(paymentReleases).where(eq(paymentReleases.invoice_id, invoiceId)).for('update');
  if (existing?.status === 'released') throw new AppError('conflict', paymentReleaseMessages.alreadyReleased);
  if ((await fundedDraftIds(tx, orgId, invoiceId)).length === 0) throw new AppError('conflict', paymentReleaseMessages.noDrafts);
  await tx
    .insert(paymentReleases)
    .values({ invoice_id: invoiceId, org_id: orgId, created_by: userId })
    .onConflictDoUpdate({ target: paymentReleases.invoice_id, set: { status: 'waiting', reason: null, created_by: userId } });
  return (await releaseOf(tx, orgId, invoiceId))!;
}

/** Ends "Release when paid" before the release: the drafts can be executed by hand again. */
export async function unmarkRelease(tx: Tx, orgId: string, invoiceId: string): Promise<void> {
  await lockInvoice(tx, orgId, invoiceId);
  const removed = await tx
    .delete(paymentReleases)
    .where(and(eq(paymentReleases.invoice_id, invoiceId), ne(paymentReleases.status, 'released')))
    .returning({ id: paymentReleases.invoice_id });
  if (removed.length === 0) throw new AppError('conflict', paymentReleaseMessages.notMarked);
}

/** The release of the organisation's invoice (404 for another organisation's), null when not marked. */
export async function releaseOf(db: DbOrTx, orgId: string, invoiceId: string): Promise<PaymentReleaseAnswer | null> {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.org_id, orgId), eq(invoices.id, invoiceId)));
  if (!invoice) throw new AppError('not_found', 'Invoice not found');
  const [release] = await db.select().from(paymentReleases).where(eq(paymentReleases.invoice_id, invoiceId));
  if (!release) return null;
  const funded = await db
    .select({ id: invoiceFundedPayments.payment_id })
    .from(invoiceFundedPayments)
    .where(eq(invoiceFundedPayments.invoice_id, invoiceId))
    .orderBy(invoiceFundedPayments.payment_id);
  return {
    invoice_id: invoiceId,
    status: release.status,
    reason: release.reason,
    payment_ids: funded.map((row) => row.id),
    released_at: release.released_at?.toISOString() ?? null,
  };
}
