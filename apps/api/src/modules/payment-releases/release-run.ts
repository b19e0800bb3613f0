import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { paymentReleaseMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { chargeDisputes, invoices, paymentReleases } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { loggableError } from '../../lib/log-safe.ts';
import { inUnitOfWork } from '../../lib/unit-of-work.ts';
import { executeInSavepoint } from '../payments/index.ts';
import { fundedDraftIds } from './releases.ts';

/**
 * Runs once money has arrived in an organisation's wallet (an invoice's charge settled: a card's
 * at once, an ACH debit when it settles). Each paid invoice marked "Release when paid" executes its
 * funded drafts through the normal execution, once: its release row is locked and marked released
 * in the same transaction, so a repeated event or a second worker finds nothing left to do.
 */
export async function releasePaidInvoices(deps: AppDeps, orgId: string): Promise<void> {
  const due = await deps.db
    .select({ invoice_id: paymentReleases.invoice_id })
    .from(paymentReleases)
    .innerJoin(invoices, eq(invoices.id, paymentReleases.invoice_id))
    .where(and(eq(paymentReleases.org_id, orgId), eq(paymentReleases.status, 'waiting'), eq(invoices.status, 'succeeded')));
  for (const { invoice_id } of due) {
    try {
      await releaseInvoice(deps, orgId, invoice_id);
    } catch (error) {
      // One invoice's failure must not keep the others (or the other funds-arrived hooks) from running.
      console.error('[payment-releases] release failed; it stays waiting', invoice_id, JSON.stringify(loggableError(error)));
    }
  }
}

/**
 * One invoice's release in one unit of work: its funded drafts executed in a savepoint for the
 * person who marked it "Release when paid" (its executor: Settings > Approvals keeps them from
 * approving what they released). Refused (not enough funds), they keep waiting with its message.
 */
async function releaseInvoice(deps: AppDeps, orgId: string, invoiceId: string): Promise<void> {
  await inUnitOfWork(deps.db, async (uow) => {
    const { tx } = uow;
    const [release] = await tx
      .select()
      .from(paymentReleases)
      .where(and(eq(paymentReleases.org_id, orgId), eq(paymentReleases.invoice_id, invoiceId)))
      .for('update');
    if (release?.status !== 'waiting') return;
    const [invoice] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
    // Returned (ACH) before this ran: the invoice is open again and its payments keep waiting.
    if (invoice?.status !== 'succeeded') return;
    if (await isDisputed(tx, invoiceId)) return holdRelease(tx, orgId, invoiceId);
    await tx
      .update(paymentReleases)
      .set({ status: 'released', reason: null, released_at: await sandboxNow(tx) })
      .where(eq(paymentReleases.invoice_id, invoiceId));
    const ids = await fundedDraftIds(tx, orgId, invoiceId);
    if (ids.length === 0) return;
    const result = await executeInSavepoint(deps, uow, orgId, ids, release.created_by);
    if (result instanceof AppError)
      await tx
        .update(paymentReleases)
        .set({ status: 'waiting', reason: result.message, released_at: null })
        .where(eq(paymentReleases.invoice_id, invoiceId));
  });
}

/** A dispute not won: the payer's bank may take the money back, so the payments it funds do not go out. */
async function isDisputed(db: DbOrTx, invoiceId: string): Promise<boolean> {
  const open = await db
    .select({ id: chargeDisputes.id })
    .from(chargeDisputes)
    .where(and(eq(chargeDisputes.invoice_id, invoiceId), or(isNull(chargeDisputes.closed_at), ne(chargeDisputes.status, 'won'))));
  return open.length > 0;
}

async function holdRelease(db: DbOrTx, orgId: string, invoiceId: string): Promise<void> {
  await db
    .update(paymentReleases)
    .set({ status: 'held', reason: paymentReleaseMessages.disputed })
    .where(and(eq(paymentReleases.org_id, orgId), eq(paymentReleases.invoice_id, invoiceId), eq(paymentReleases.status, 'waiting')));
}

/** Domain event handler: a dispute of the invoice's payment before the release holds its payments. */
export async function holdReleasesOnDispute(db: DbOrTx, event: DomainEvent): Promise<void> {
  if (event.type !== 'invoice.disputed' || typeof event.data.invoice_id !== 'string') return;
  await holdRelease(db, event.org_id, event.data.invoice_id);
}
