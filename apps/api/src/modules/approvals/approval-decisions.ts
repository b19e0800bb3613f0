import { and, eq } from 'drizzle-orm';
import { approvalMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { approvalDecisions, orgs, paymentApprovals, payments, type Payment, type PaymentApproval } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { findLedgerAccounts, releaseHold } from '../ledger/index.ts';
import { amountEditedBy, destinationsFor, isPaypalMethod, returnWithheldTax, sendHeldPayments } from '../payments/index.ts';
import { emailRequester } from './decision-emails.ts';

type Ctx = { tx: Tx; afterCommit: (task: () => Promise<void>) => void };
type Decider = { id: string; org_id: string };
type DecisionAnswer = { message: string; status: string; approvals: number; required: number };

/**
 * Locks the payment (FOR UPDATE) and its pending approval: two approvers deciding at once are
 * taken one after the other, and the second sees what the first did. Another organisation's
 * payment is not found; one that no longer waits (approved, rejected) is a conflict.
 */
async function lockWaiting(tx: Tx, decider: Decider, paymentId: string): Promise<{ payment: Payment; approval: PaymentApproval }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.org_id, decider.org_id), eq(payments.is_deleted, false)))
    .for('update');
  if (!payment) throw notFound('Payment');
  const [approval] = await tx
    .select()
    .from(paymentApprovals)
    .where(and(eq(paymentApprovals.payment_id, payment.id), eq(paymentApprovals.status, 'pending')));
  if (payment.status !== 'awaiting_approval' || !approval) throw new AppError('conflict', approvalMessages.notAwaiting);
  // Maker-checker: the person who created, edited the amount of, or executed a payment never approves (or rejects) it.
  if (
    decider.id === payment.created_by_user_id ||
    decider.id === approval.executed_by_user_id ||
    (await editedAmount(tx, decider, payment.id))
  )
    throw new AppError('forbidden', approvalMessages.notYours);
  const [already] = await tx
    .select({ id: approvalDecisions.id })
    .from(approvalDecisions)
    .where(and(eq(approvalDecisions.approval_id, approval.id), eq(approvalDecisions.user_id, decider.id)));
  if (already) throw new AppError('conflict', approvalMessages.alreadyDecided);
  return { payment, approval };
}

const editedAmount = async (tx: Tx, decider: Decider, paymentId: string) => (await amountEditedBy(tx, decider, [paymentId])).has(paymentId);

async function recordDecision(tx: Tx, approval: PaymentApproval, decider: Decider, decision: 'approve' | 'reject', reason: string) {
  await tx.insert(approvalDecisions).values({ id: newId(), approval_id: approval.id, user_id: decider.id, decision, reason });
  const done = await tx
    .select({ id: approvalDecisions.id })
    .from(approvalDecisions)
    .where(and(eq(approvalDecisions.approval_id, approval.id), eq(approvalDecisions.decision, 'approve')));
  return done.length;
}

/**
 * The last approval a payment needs sends it exactly as execution does (payout started, or the
 * payee asked for payout details). A payee whose payout method moved between the wallet and
 * PayPal since execution would need a different hold: refused, to be rejected and created again.
 */
export async function approvePayment(
  deps: AppDeps,
  ctx: Ctx,
  decider: Decider,
  paymentId: string,
  reason: string,
): Promise<DecisionAnswer> {
  const { tx } = ctx;
  const { payment, approval } = await lockWaiting(tx, decider, paymentId);
  const approvals = await recordDecision(tx, approval, decider, 'approve', reason);
  const last = approvals >= approval.required;
  if (last) {
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, decider.org_id));
    if (!org) throw notFound('Organization');
    const destinations = await destinationsFor(deps, tx, org, [payment]);
    const method = destinations.get(payment.id)?.method ?? null;
    if (isPaypalMethod(method) !== isPaypalMethod(payment.method)) throw new AppError('conflict', approvalMessages.methodChanged);
    // Waiting for payout details: held like any awaiting input payment (its whole amount when not PayPal).
    if (!method) await tx.update(payments).set({ method: null }).where(eq(payments.id, payment.id));
    await tx.update(paymentApprovals).set({ status: 'approved', decided_at: new Date() }).where(eq(paymentApprovals.id, approval.id));
    await sendHeldPayments(deps, ctx, org, [payment], destinations);
    await emailRequester(deps, ctx, payment, approval, { approved: true, reason });
  }
  await audit(tx, decider, 'payments.approve', payment, { approvals, required: approval.required, sent: last });
  const status = last
    ? ((await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)))[0]?.status ?? '')
    : payment.status;
  const message = !last ? approvalMessages.approved : status === 'requires_info' ? approvalMessages.sentForDetails : approvalMessages.sent;
  return { message, status, approvals, required: approval.required };
}

/**
 * Rejection cancels the payment (docs/decisions.md: rejected payments are canceled, not drafts)
 * and gives back exactly what its execution held, in one balanced ledger transfer.
 */
export async function rejectPayment(deps: AppDeps, ctx: Ctx, decider: Decider, paymentId: string, reason: string): Promise<DecisionAnswer> {
  const { tx } = ctx;
  const { payment, approval } = await lockWaiting(tx, decider, paymentId);
  const approvals = await recordDecision(tx, approval, decider, 'reject', reason);
  await tx.update(paymentApprovals).set({ status: 'rejected', decided_at: new Date() }).where(eq(paymentApprovals.id, approval.id));
  await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, payment.id));
  if (approval.held > 0)
    await releaseHold(tx, await findLedgerAccounts(tx, decider.org_id), {
      org_id: decider.org_id,
      key: `payments:reject:${approval.id}`,
      amount: approval.held,
      memo: 'Payment rejected',
      metadata: { payment_ids: payment.id },
    });
  // Never sent, nothing paid: the backup withholding booked at execution is not owed either.
  await returnWithheldTax(tx, decider.org_id, [payment.id]);
  await emailRequester(deps, ctx, payment, approval, { approved: false, reason });
  await audit(tx, decider, 'payments.reject', payment, { released: approval.held });
  return { message: approvalMessages.rejected, status: 'canceled', approvals, required: approval.required };
}

// The reason is the approver's own words about a payee: kept with the decision, never in the audit details.
const audit = (
  tx: Tx,
  decider: Decider,
  action: 'payments.approve' | 'payments.reject',
  payment: Payment,
  details: Record<string, number | boolean>,
) =>
  recordAudit(tx, {
    org_id: decider.org_id,
    actor_user_id: decider.id,
    user_id: decider.id,
    action,
    target_id: payment.id,
    target_type: 'payment',
    amount: payment.amount,
    status_code: 200,
    details,
  });
