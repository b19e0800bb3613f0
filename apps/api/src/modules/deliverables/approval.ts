import { and, eq } from 'drizzle-orm';
import { deliverableMessages, type DeliverableApprovalBody, type DeliverableRecord } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { deliverables } from '../../db/schema/index.ts';
import { announceDomainEvent } from '../../events/dispatcher.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findDeliverable } from './queries.ts';

/** Announced when a deliverable becomes approved: the payments waiting for it are released (payments' gates listen). */
export const DELIVERABLE_APPROVED_EVENT = 'deliverable.approved';

/**
 * POST /v1/deliverables/{id}/approval: an owner or admin approves the deliverable or asks for
 * changes; who and when are kept and the decision is audit-logged. The row is locked so two
 * approvals at once announce the approval once.
 */
export async function decideDeliverable(
  tx: Tx,
  options: { org_id: string; user_id: string; id: string; body: DeliverableApprovalBody },
  afterCommit?: (task: () => Promise<void>) => void,
): Promise<DeliverableRecord> {
  const where = and(eq(deliverables.org_id, options.org_id), eq(deliverables.id, options.id));
  const [before] = await tx.select({ status: deliverables.approval_status }).from(deliverables).where(where).for('update');
  if (!before) throw new AppError('not_found', deliverableMessages.notFound);
  const { status } = options.body;
  await tx
    .update(deliverables)
    .set({ approval_status: status, approval_decided_by: options.user_id, approval_decided_at: new Date() })
    .where(where);
  await recordAudit(tx, {
    org_id: options.org_id,
    actor_user_id: options.user_id,
    user_id: options.user_id,
    action: status === 'approved' ? 'deliverable.approve' : 'deliverable.request_changes',
    target_id: options.id,
    status_code: 200,
    details: { previous: before.status },
  });
  if (status === 'approved' && before.status !== 'approved')
    await announceDomainEvent(
      tx,
      { org_id: options.org_id, type: DELIVERABLE_APPROVED_EVENT, data: { deliverable_id: options.id } },
      afterCommit,
    );
  return findDeliverable(tx, options);
}
