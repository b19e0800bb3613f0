import { and, eq, inArray, sql } from 'drizzle-orm';
import { approvalMessages, formatCents, paymentMessages, paymentReleaseMessages, type InitiatePaymentsBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { orgs, payments, type Org, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { findLedgerAccounts } from '../ledger/index.ts';
import { holdFunds } from '../ledger/index.ts';
import { recomputeWithholdingAtExecution, rereadPayments } from './recompute.ts';
import { destinationsFor, requestPayoutInfo, startPayouts } from './payouts.ts';
import { isPaypalMethod } from './paypal-money.ts';
import { lockSelectedDrafts } from './selection.ts';
import { splitWaitingDrafts } from './releases.ts';
import { markWaitingRunsExecuted } from './schedule-waiting.ts';
import { holdForApproval } from './approval-hold.ts';
import { emailApprovers } from './approval-emails.ts';
import { holdBackGatedDrafts } from './gates.ts';
import { applyBackupWithholding } from './backup-withholding.ts';
import type { PayoutDestination } from '../../providers/payouts/index.ts';

type Ctx = { tx: Tx; afterCommit: (task: () => Promise<void>) => void; executedBy?: string | null };
export type InitiateResult = {
  processing: number;
  requires_info: number;
  awaiting_approval: number;
  held: number;
  message: string;
  batch_id: string | null;
  waiting?: { id: string; reason: string }[];
};

/**
 * PUT /v1/payments/initiate (Execute). In one database transaction:
 * 1. the draft payments asked for (by ids, campaign or a list's filter) are locked in id order
 *    (FOR UPDATE): a concurrent execution of the same payments waits, then finds them no longer
 *    draft and leaves them alone;
 * 2. the whole batch's amounts and fees are held in ONE ledger transfer (available -> held); not
 *    enough available refuses the batch and the rollback moves nothing (a PayPal or Venmo payout's
 *    amount is paid from the organisation's PayPal account: only its fee is held);
 * 3. payments whose recipient has a payout method become processing and their payout calls are
 *    recorded (made after the commit); the others wait for it (requires_info) and their
 *    recipients are emailed a payee link.
 */
export async function initiatePayments(deps: AppDeps, ctx: Ctx, orgId: string, body: InitiatePaymentsBody): Promise<InitiateResult> {
  const { tx } = ctx;
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
  if (!org) throw new AppError('not_found', 'Organization not found');
  if (org.billing_status === 'delinquent') throw new AppError('forbidden', paymentMessages.delinquent);
  if (!org.treasury_id) throw new AppError('forbidden', paymentMessages.noTreasury);
  const selected = await lockSelectedDrafts(tx, orgId, body);
  // Drafts waiting for a release ("Release when paid", releases.ts) are skipped, each with its reason.
  // ... and so are drafts waiting for their contract or deliverable (gates.ts), marked to execute once released.
  const { free: locked, waiting: skipped } = await holdBackGatedDrafts(
    tx,
    orgId,
    ctx.executedBy ?? null,
    await splitWaitingDrafts(tx, orgId, selected),
  );
  if (selected.length > 0 && locked.length === 0) return { ...NOTHING_EXECUTED, waiting: skipped };
  if (locked.length === 0) return answerWithoutDrafts(tx, orgId, body.ids);
  const recomputed = (await recomputeWithholdingAtExecution(deps, tx, orgId, locked)) ? await rereadPayments(tx, orgId, locked) : locked;
  // Backup withholding (issue #32): 24% kept back from payees without a W-9 when the organisation turned it on.
  const rows = await applyBackupWithholding(tx, orgId, recomputed);

  const destinations = await destinationsFor(deps, tx, org, rows);
  // A PayPal or Venmo payout's amount is paid from the organisation's PayPal account: the wallet holds its fee only.
  const total = rows.reduce((sum, row) => sum + row.fee + (isPaypalMethod(destinations.get(row.id)?.method) ? 0 : row.amount), 0);
  const accounts = await findLedgerAccounts(tx, orgId);
  const batchId = newId();
  try {
    // Nothing to hold (PayPal payouts without a fee): no transfer, the wallet is not touched.
    if (total > 0)
      await holdFunds(tx, accounts, {
        org_id: orgId,
        key: `payments:${batchId}`,
        amount: total,
        memo: `Payments (${rows.length})`,
        metadata: { payment_batch_id: batchId },
      });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') {
      throw new AppError(
        'insufficient_funds',
        `Not enough funds in your wallet: these payments need ${formatCents(total)} (amounts and fees) and ${formatCents(accounts.wallet_available.balance)} is available`,
      );
    }
    throw error;
  }
  await tx.execute(
    sql`UPDATE payments SET fee_reference_id = ${batchId} WHERE org_id = ${orgId} AND id IN (SELECT unnest(${`{${rows.map((row) => row.id).join(',')}}`}::uuid[]))`,
  );
  // A scheduled run that found one of these waiting (its gate, its invoice) is executed with it.
  await markWaitingRunsExecuted(
    tx,
    rows.map((row) => row.id),
  );

  // Settings > Approvals: the payments a rule names wait, held, for an owner's or admin's approval.
  const approval = await holdForApproval(tx, orgId, ctx.executedBy ?? null, rows, destinations);
  await emailApprovers(deps, ctx, orgId, approval.waiting);
  const sent = await sendHeldPayments(deps, ctx, org, approval.send, destinations);
  const message = sent.processing + sent.requires_info === 0 ? approvalMessages.awaiting(approval.awaiting) : paymentMessages.executed;
  return {
    ...sent,
    awaiting_approval: approval.awaiting,
    held: total,
    message,
    batch_id: batchId,
    ...(skipped.length > 0 ? { waiting: skipped } : {}),
  };
}

/**
 * Sends payments whose money is held: those with a payout destination start their payouts, the
 * others wait for it and their recipients are emailed a payee link. Used by execution and by the
 * last approval of a payment that waited for it.
 */
export async function sendHeldPayments(
  deps: AppDeps,
  ctx: Ctx,
  org: Org,
  rows: Payment[],
  destinations: Map<string, PayoutDestination | null>,
): Promise<{ processing: number; requires_info: number }> {
  const now = await sandboxNow(ctx.tx);
  const ready = rows.flatMap((payment) => {
    const destination = destinations.get(payment.id);
    return destination ? [{ payment, destination }] : [];
  });
  const waiting = rows.filter((payment) => !destinations.get(payment.id));
  const callIds = await startPayouts(deps, ctx.tx, org.id, ready, now);
  const emailIds = await requestPayoutInfo(deps, ctx.tx, org, waiting, now);
  // The rails are called once this has committed, never with these rows locked.
  ctx.afterCommit(() => runProviderCallsSoon(deps, callIds));
  ctx.afterCommit(() => sendQueuedEmails(deps.jobs, emailIds));
  return { processing: ready.length, requires_info: waiting.length };
}

// Every selected draft waits for its release: nothing moves, and the answer says why each waits.
const NOTHING_EXECUTED = {
  processing: 0,
  requires_info: 0,
  awaiting_approval: 0,
  held: 0,
  message: paymentReleaseMessages.allWaiting,
  batch_id: null,
};

/**
 * A selection without drafts. Document 001 lets awaiting input payments be selected for execution:
 * their money is held already and they go out when the recipient answers, so they are counted as
 * waiting and nothing moves. Nothing selected left to execute (executed or deleted already,
 * perhaps by a concurrent click) is a conflict.
 */
async function answerWithoutDrafts(tx: Tx, orgId: string, ids: string[]): Promise<InitiateResult> {
  const waiting =
    ids.length === 0
      ? []
      : await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.org_id, orgId),
              eq(payments.is_deleted, false),
              eq(payments.status, 'requires_info'),
              inArray(payments.id, ids),
            ),
          );
  if (waiting.length === 0) throw new AppError('conflict', paymentMessages.nothingToExecute);
  return { processing: 0, requires_info: waiting.length, awaiting_approval: 0, held: 0, message: paymentMessages.executed, batch_id: null };
}
