import { and, eq, ne } from 'drizzle-orm';
import { paymentMessages } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { invoiceFundedPayments, paymentGates, paymentReleases, paymentSchedules, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

type Decision = { what: string; by: string | null };

/**
 * The decisions to pay a draft that someone already made, each with who made it: scheduled (an
 * active schedule of it), "execute on release" (executed while it waited for its contract or
 * deliverable), released by an invoice marked "Release when paid". A payment held for approval
 * is no draft any more and is not editable at all.
 */
async function decisionsOn(tx: Tx, payment: Pick<Payment, 'id' | 'org_id'>): Promise<Decision[]> {
  const [schedules, gates, releases] = await Promise.all([
    tx
      .select({ by: paymentSchedules.created_by })
      .from(paymentSchedules)
      .where(
        and(
          eq(paymentSchedules.org_id, payment.org_id),
          eq(paymentSchedules.payment_id, payment.id),
          eq(paymentSchedules.status, 'active'),
        ),
      ),
    tx
      .select({ by: paymentGates.executed_by })
      .from(paymentGates)
      .where(
        and(eq(paymentGates.org_id, payment.org_id), eq(paymentGates.payment_id, payment.id), eq(paymentGates.execute_on_release, true)),
      ),
    tx
      .select({ by: paymentReleases.created_by })
      .from(invoiceFundedPayments)
      .innerJoin(paymentReleases, eq(paymentReleases.invoice_id, invoiceFundedPayments.invoice_id))
      .where(
        and(
          eq(invoiceFundedPayments.org_id, payment.org_id),
          eq(invoiceFundedPayments.payment_id, payment.id),
          ne(paymentReleases.status, 'released'),
        ),
      ),
  ]);
  return [
    ...schedules.map((row) => ({ what: 'This payment is scheduled', by: row.by })),
    ...gates.map((row) => ({ what: 'This payment executes as soon as it no longer waits', by: row.by })),
    ...releases.map((row) => ({ what: 'This payment is released when its invoice is paid', by: row.by })),
  ];
}

/**
 * Maker-checker (docs/decisions.md): a draft a team member decided to pay is frozen against edits
 * by anyone else, who is refused with what was decided; the person who decided may still change
 * it (they remain its executor, so they still never approve it). The payment row is locked by the caller.
 */
export async function assertNotDecidedByOther(tx: Tx, payment: Pick<Payment, 'id' | 'org_id'>, editorId: string): Promise<void> {
  const other = (await decisionsOn(tx, payment)).find((decision) => decision.by !== editorId);
  if (other) throw new AppError('conflict', paymentMessages.decidedByOther(other.what));
}
