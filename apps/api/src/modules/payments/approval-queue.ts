import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApprovalItem } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { approvalDecisions, paymentApprovals, payments, users } from '../../db/schema/index.ts';
import { loadRecipients, recipientName } from './recipients.ts';

/** The queue shows this many at a time, oldest first: the first to wait are the first decided. */
const QUEUE_LIMIT = 500;

/**
 * The Approvals queue: the organisation's payments awaiting approval, why each waits, who
 * approved it so far, and whether the caller may decide it (not its creator or executor, not
 * twice). Only the caller's organisation's payments.
 */
export async function listApprovalQueue(db: Db, caller: { id: string; org_id: string }): Promise<ApprovalItem[]> {
  const rows = await db
    .select({ approval: paymentApprovals, payment: payments })
    .from(paymentApprovals)
    .innerJoin(payments, eq(payments.id, paymentApprovals.payment_id))
    .where(and(eq(paymentApprovals.org_id, caller.org_id), eq(paymentApprovals.status, 'pending'), eq(payments.is_deleted, false)))
    .orderBy(asc(paymentApprovals.created_at), asc(paymentApprovals.id))
    .limit(QUEUE_LIMIT);
  if (rows.length === 0) return [];
  const decisions = await db
    .select({
      approval_id: approvalDecisions.approval_id,
      user_id: approvalDecisions.user_id,
      reason: approvalDecisions.reason,
      user: users,
    })
    .from(approvalDecisions)
    .innerJoin(users, eq(users.id, approvalDecisions.user_id))
    .where(
      inArray(
        approvalDecisions.approval_id,
        rows.map((row) => row.approval.id),
      ),
    );
  const recipients = await loadRecipients(
    db,
    caller.org_id,
    rows.map((row) => row.payment.recipient),
  );
  return rows.map(({ approval, payment }) => {
    const mine = decisions.filter((decision) => decision.approval_id === approval.id);
    const recipient = recipients.creators.get(payment.recipient) ?? recipients.users.get(payment.recipient);
    const maker = caller.id === payment.created_by_user_id || caller.id === approval.executed_by_user_id;
    return {
      payment_id: payment.id,
      recipient: payment.recipient,
      recipient_role: payment.recipient_role,
      recipient_name: recipient ? recipientName(recipient) : '',
      amount: payment.amount,
      fee: payment.fee,
      memo: payment.memo,
      reasons: approval.reasons,
      required: approval.required,
      approvals: mine.map((decision) => ({ user_id: decision.user_id, name: recipientName(decision.user), reason: decision.reason })),
      can_decide: !maker && !mine.some((decision) => decision.user_id === caller.id),
      executed_at: approval.created_at.toISOString(),
    };
  });
}
