import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, paymentScheduleRuns, paymentSchedules } from '../../db/schema/index.ts';
import { draftWaitReasons, PAYMENTS_HELD_EVENT } from '../payments/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';

/** The organisation's schedules with a run whose payment was left waiting and is still a draft. */
export const schedulesWithWaitingRuns = (db: DbOrTx, orgId: string) =>
  db
    .select({ id: paymentScheduleRuns.schedule_id })
    .from(paymentScheduleRuns)
    .innerJoin(payments, eq(payments.id, paymentScheduleRuns.payment_id))
    .where(
      and(
        eq(payments.org_id, orgId),
        eq(payments.status, 'draft'),
        eq(payments.is_deleted, false),
        eq(paymentScheduleRuns.outcome, 'waiting'),
      ),
    );

/**
 * Per schedule: why its latest waiting run's payment waits now (its contract, its deliverable, the
 * invoice it is released by), read afresh so that a contract signed since says nothing any more.
 * Absent: nothing waits.
 */
export async function scheduleWaitingReasons(db: DbOrTx, orgId: string, scheduleIds: string[]): Promise<Map<string, string[]>> {
  const answer = new Map<string, string[]>();
  if (scheduleIds.length === 0) return answer;
  const rows = await db
    .select({ schedule_id: paymentScheduleRuns.schedule_id, payment: payments })
    .from(paymentScheduleRuns)
    .innerJoin(paymentSchedules, eq(paymentSchedules.id, paymentScheduleRuns.schedule_id))
    .innerJoin(payments, eq(payments.id, paymentScheduleRuns.payment_id))
    .where(
      and(
        eq(paymentSchedules.org_id, orgId),
        eq(payments.org_id, orgId),
        eq(payments.status, 'draft'),
        eq(payments.is_deleted, false),
        eq(paymentScheduleRuns.outcome, 'waiting'),
        inArray(paymentScheduleRuns.schedule_id, scheduleIds),
      ),
    )
    .orderBy(desc(paymentScheduleRuns.period));
  // The latest period first: each schedule keeps its latest waiting payment.
  const latest = new Map<string, (typeof rows)[number]['payment']>();
  for (const row of rows) if (!latest.has(row.schedule_id)) latest.set(row.schedule_id, row.payment);
  const waitingPayments = [...latest.values()];
  // The same table of waits execution reads (payments/execution-waits.ts).
  const reasons = await draftWaitReasons(db, orgId, waitingPayments);
  for (const [scheduleId, payment] of latest) if (reasons.has(payment.id)) answer.set(scheduleId, reasons.get(payment.id)!);
  return answer;
}

/**
 * Payments executed (initiatePayments, whichever way: a gate or an invoice released them, or a
 * person): a scheduled run that found one waiting is executed now, its reason no longer holds.
 * Payments announces their money held (PAYMENTS_HELD_EVENT) in the transaction that held it.
 */
export async function markWaitingRunsExecuted(tx: DbOrTx, event: DomainEvent): Promise<void> {
  if (event.type !== PAYMENTS_HELD_EVENT || !Array.isArray(event.data.payment_ids)) return;
  const paymentIds = event.data.payment_ids.filter((id): id is string => typeof id === 'string');
  if (paymentIds.length === 0) return;
  await tx
    .update(paymentScheduleRuns)
    .set({ outcome: 'executed', reason: null })
    .where(and(eq(paymentScheduleRuns.outcome, 'waiting'), inArray(paymentScheduleRuns.payment_id, paymentIds)));
}
