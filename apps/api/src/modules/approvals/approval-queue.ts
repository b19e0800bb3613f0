import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ApprovalItem, ApprovalQueue, ApprovalQueueQuery } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { approvalDecisions, paymentApprovals, payments, users, type Payment, type PaymentApproval } from '../../db/schema/index.ts';
import { cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
import { amountEditedBy, loadRecipients, recipientName } from '../payments/index.ts';

type Caller = { id: string; org_id: string };

/**
 * The Approvals queue, a page at a time: the organisation's payments awaiting approval, oldest
 * first (the first to wait are the first decided), after the cursor's (created_at, id) on the
 * (org_id, status) index. Only the caller's organisation's payments; the total with the first page.
 */
export async function listApprovalQueue(db: Db, caller: Caller, query: ApprovalQueueQuery): Promise<ApprovalQueue> {
  const waiting = and(eq(paymentApprovals.org_id, caller.org_id), eq(paymentApprovals.status, 'pending'), eq(payments.is_deleted, false));
  const after = query.starting_after ? decodeCursor(query.starting_after) : null;
  const found = await db
    .select({
      approval: paymentApprovals,
      payment: payments,
      id: paymentApprovals.id,
      cursor_us: cursorMicros(paymentApprovals.created_at),
    })
    .from(paymentApprovals)
    .innerJoin(payments, eq(payments.id, paymentApprovals.payment_id))
    .where(
      after
        ? and(
            waiting,
            sql`(${paymentApprovals.created_at}, ${paymentApprovals.id}) > (timestamptz 'epoch' + ${after.created_us}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
          )
        : waiting,
    )
    .orderBy(asc(paymentApprovals.created_at), asc(paymentApprovals.id))
    .limit(query.page_size + 1);
  const page = keysetPage(found, query.page_size);
  const total = after
    ? null
    : page.has_more
      ? ((
          await db
            .select({ n: count() })
            .from(paymentApprovals)
            .innerJoin(payments, eq(payments.id, paymentApprovals.payment_id))
            .where(waiting)
        )[0]?.n ?? 0)
      : page.rows.length;
  return { data: await describeWaiting(db, caller, page.rows), has_more: page.has_more, next_cursor: page.next_cursor, total };
}

/** Why each payment waits, who approved it so far, and whether the caller may decide it (not its creator or executor, not twice). */
async function describeWaiting(db: Db, caller: Caller, rows: { approval: PaymentApproval; payment: Payment }[]): Promise<ApprovalItem[]> {
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
  // Who changed a payment's amount is one of its makers, as its creator is (approval-decisions.ts).
  const edited = await amountEditedBy(
    db,
    caller,
    rows.map((row) => row.payment.id),
  );
  const makerIds = [
    ...new Set(rows.flatMap((row) => [row.approval.executed_by_user_id, row.payment.created_by_user_id]).filter((id) => id !== null)),
  ];
  const makers = new Map(
    (makerIds.length === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(and(eq(users.org_id, caller.org_id), inArray(users.id, makerIds)))
    ).map((user) => [user.id, recipientName(user)]),
  );
  const nameOf = (id: string | null) => (id ? (makers.get(id) ?? null) : null);
  return rows.map(({ approval, payment }) => {
    const mine = decisions.filter((decision) => decision.approval_id === approval.id);
    const recipient = recipients.creators.get(payment.recipient) ?? recipients.users.get(payment.recipient);
    const maker = caller.id === payment.created_by_user_id || caller.id === approval.executed_by_user_id || edited.has(payment.id);
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
      executed_by_name: nameOf(approval.executed_by_user_id),
      created_by_name: payment.created_by_user_id === approval.executed_by_user_id ? null : nameOf(payment.created_by_user_id),
    };
  });
}
