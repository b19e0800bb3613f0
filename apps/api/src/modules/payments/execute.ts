import { and, eq, inArray } from 'drizzle-orm';
import { executionMessage, paymentMessages, type InitiateAnswer, type InitiatePaymentsBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { payments, type Org, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxNow } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { startPayouts } from './payouts.ts';
import { executingOrg, planExecution } from './execution-plan.ts';
import { announceHeld, holdBatch } from './execution-hold.ts';
import { outcomesOf, waitingList } from './execution-outcomes.ts';
import { parkAll, WAITS, type Destinations, type ParkContext } from './execution-waits.ts';
import { assertQuotesCover, type LockedQuotes } from './nium-execution.ts';
import { assertNiumAccount } from '../nium/index.ts';

/** quotes: the payout quotes Execute locked (payments abroad); when given, each payment sent abroad now must have its own. */
type Ctx = Pick<UnitOfWork, 'tx' | 'afterCommit'> & { executedBy?: string | null; quotes?: LockedQuotes };
export type InitiateResult = InitiateAnswer;

/**
 * PUT /v1/payments/initiate (Execute), and every other path that executes (a schedule's run, an
 * invoice or a gate released, through executeInSavepoint). One pipeline, in the caller's transaction:
 * lock -> plan -> recompute -> hold -> park(waiting) -> send(ready).
 * 1. lock: the selected drafts, in id order (FOR UPDATE): a concurrent execution of the same
 *    payments waits, then finds them no longer draft and leaves them alone;
 * 2. plan: the table of waits (execution-waits.ts) claims the drafts that wait (their invoice, their
 *    contract or deliverable); 3. recompute: withholding of the others, then the held waits
 *    (approval, payout details) claim theirs (execution-plan.ts, which the preview answers);
 * 4. hold: the batch's amounts and fees in ONE ledger transfer; not enough refuses it all;
 * 5. park: each wait parks what it claimed; 6. send: the others' payout calls are recorded, made
 *    after the commit.
 */
export async function initiatePayments(deps: AppDeps, ctx: Ctx, orgId: string, body: InitiatePaymentsBody): Promise<InitiateResult> {
  const { tx } = ctx;
  const actor = { executedBy: ctx.executedBy ?? null };
  const org = await executingOrg(tx, orgId);
  const plan = await planExecution(deps, tx, org, body);
  if (plan.drafts.length === 0) return answerWithoutDrafts(tx, orgId, body.ids);
  assertQuotesCover(plan, ctx.quotes);
  if (plan.abroad > 0) await assertNiumAccount(deps, tx, orgId);
  const park: ParkContext = { deps, uow: ctx, org, actor, destinations: plan.destinations };
  await parkAll(park, plan.waiting);
  const batchId = plan.held.length > 0 ? await holdBatch(tx, plan) : null;
  if (batchId)
    await announceHeld(
      deps,
      ctx,
      org.id,
      plan.held.map((row) => row.id),
    );
  await parkAll(park, plan.parked);
  await send(deps, ctx, org, plan.ready, plan.destinations);
  const outcomes = await outcomesOf(tx, plan, actor);
  return {
    processing: outcomes.sent.count,
    requires_info: outcomes.needs_payout_details.count,
    awaiting_approval: outcomes.held_for_approval.count,
    held: batchId ? plan.total : 0,
    message: executionMessage(outcomes),
    batch_id: batchId,
    ...waitingList(plan),
    outcomes,
  };
}

/** Step "send": payments whose money is held and that wait for nothing start their payouts; the rails are called once this has committed. */
async function send(deps: AppDeps, ctx: Ctx, org: Org, rows: Payment[], destinations: Destinations): Promise<void> {
  const ready = rows.flatMap((payment) => {
    const destination = destinations.get(payment.id);
    return destination ? [{ payment, destination }] : [];
  });
  const callIds = await startPayouts(deps, ctx.tx, org.id, ready, await sandboxNow(ctx.tx), ctx.quotes);
  ctx.afterCommit(() => runProviderCallsSoon(deps, callIds));
}

/**
 * The last approval of a held payment: what execution does after its hold, with the payout
 * details wait of the same table (a payee without payout details is asked for them).
 */
export async function sendHeldPayments(deps: AppDeps, ctx: Ctx, org: Org, rows: Payment[], destinations: Destinations): Promise<void> {
  const payoutDetails = WAITS.find((wait) => wait.kind === 'payout_details')!;
  const waiting = await payoutDetails.reasons({ tx: ctx.tx, orgId: org.id, destinations }, rows);
  const park: ParkContext = { deps, uow: ctx, org, actor: { executedBy: ctx.executedBy ?? null }, destinations };
  await payoutDetails.park(
    park,
    rows.filter((row) => waiting.has(row.id)),
  );
  await send(
    deps,
    ctx,
    org,
    rows.filter((row) => !waiting.has(row.id)),
    destinations,
  );
}

const none = { count: 0, amount: 0, fees: 0 };

/**
 * A selection without drafts. Document 001 lets awaiting input payments be selected for execution:
 * their money is held already and they go out when the recipient answers, so they are counted as
 * waiting for payout details and nothing moves. Nothing selected left to execute (executed or
 * deleted already, perhaps by a concurrent click) is a conflict.
 */
async function answerWithoutDrafts(tx: Tx, orgId: string, ids: string[]): Promise<InitiateResult> {
  const waiting =
    ids.length === 0
      ? []
      : await tx
          .select({ amount: payments.amount, fee: payments.fee })
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
  const outcomes = {
    sent: none,
    needs_payout_details: {
      count: waiting.length,
      amount: waiting.reduce((sum, row) => sum + row.amount, 0),
      fees: waiting.reduce((sum, row) => sum + row.fee, 0),
    },
    held_for_approval: { ...none, approver_roles: [] },
    waiting: { ...none, reasons: [] },
  };
  return {
    processing: 0,
    requires_info: waiting.length,
    awaiting_approval: 0,
    held: 0,
    message: executionMessage(outcomes),
    batch_id: null,
    outcomes,
  };
}
