import { z } from 'zod';

/** A deliverable's approval (issue 31): submitted until an owner or admin approves it or asks for changes. */
export const deliverableApprovalStatuses = ['submitted', 'approved', 'changes_requested'] as const;
export type DeliverableApprovalStatus = (typeof deliverableApprovalStatuses)[number];

export const deliverableApprovalLabels: Record<DeliverableApprovalStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

export const deliverableApprovalMessages = {
  decision: 'Choose Approve or Request changes',
  approved: 'Deliverable has been approved!',
  changesRequested: 'Changes have been requested',
} as const;

/** POST /v1/deliverables/{id}/approval: the decision of an owner or admin. */
export const deliverableApprovalBody = z.object({
  status: z.enum(['approved', 'changes_requested'], { error: deliverableApprovalMessages.decision }),
});
export type DeliverableApprovalBody = z.infer<typeof deliverableApprovalBody>;

/** "Approved by Dana Doe on 2026-07-01": who decided and when (null while submitted). */
export function describeDeliverableApproval(record: {
  approval_status: DeliverableApprovalStatus;
  approval_decided_by_name: string | null;
  approval_decided_at: string | null;
}): string {
  const label = deliverableApprovalLabels[record.approval_status];
  if (record.approval_status === 'submitted' || !record.approval_decided_at) return label;
  const by = record.approval_decided_by_name ? ` by ${record.approval_decided_by_name}` : '';
  return `${label}${by} on ${record.approval_decided_at.slice(0, 10)}`;
}
