import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { scheduleMessages, type CreateScheduleBody, type ScheduleRecord } from '@crewpay/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payments, paymentSchedules, type PaymentSchedule } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recipientName, loadRecipients } from '../payments/index.ts';
import { dayOf, periodStart } from './schedule-dates.ts';
import { scheduleWaitingReasons, schedulesWithWaitingRuns } from './schedule-waiting.ts';

/**
 * POST /v1/payment_schedules: each draft named gets its own schedule. Only the organisation's
 * drafts, not scheduled already (a payment executed by two schedules would be paid twice over
 * its retainer); a date before today (sandbox clock) is refused rather than run at once.
 */
export async function createSchedules(tx: Tx, orgId: string, userId: string, body: CreateScheduleBody): Promise<ScheduleRecord[]> {
  if (body.execute_on < dayOf(await sandboxNow(tx)))
    throw new AppError('validation_error', scheduleMessages.pastDate, { field: 'execute_on' });
  const ids = [...new Set(body.ids)];
  const drafts = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.is_deleted, false), eq(payments.status, 'draft'), inArray(payments.id, ids)))
    .for('update');
  if (drafts.length !== ids.length) throw new AppError('validation_error', scheduleMessages.noDrafts, { field: 'ids' });
  const taken = await tx
    .select({ id: paymentSchedules.id })
    .from(paymentSchedules)
    .where(and(eq(paymentSchedules.org_id, orgId), eq(paymentSchedules.status, 'active'), inArray(paymentSchedules.payment_id, ids)));
  if (taken.length > 0) throw new AppError('conflict', scheduleMessages.alreadyScheduled);
  const repeating = body.frequency !== 'once';
  const rows = ids.map((paymentId) => {
    const row = {
      id: newId(),
      org_id: orgId,
      payment_id: paymentId,
      frequency: body.frequency,
      starts_on: body.execute_on,
      ends_on: repeating ? (body.until ?? null) : null,
      max_runs: repeating ? (body.count ?? null) : 1,
      created_by: userId,
    };
    return { ...row, next_run_at: periodStart(row, 0) };
  });
  const inserted = await tx.insert(paymentSchedules).values(rows).returning();
  return toRecords(tx, orgId, inserted);
}

/**
 * GET /v1/payment_schedules: Home's upcoming list (the active schedules, and those whose run left a
 * payment waiting for its contract or deliverable), or one payment's schedules, latest first.
 */
export async function listSchedules(db: DbOrTx, orgId: string, paymentId?: string): Promise<ScheduleRecord[]> {
  const filters = [eq(paymentSchedules.org_id, orgId)];
  const upcoming = or(eq(paymentSchedules.status, 'active'), inArray(paymentSchedules.id, schedulesWithWaitingRuns(db, orgId)))!;
  filters.push(paymentId ? eq(paymentSchedules.payment_id, paymentId) : upcoming);
  const rows = await db
    .select()
    .from(paymentSchedules)
    .where(and(...filters))
    .orderBy(paymentId ? desc(paymentSchedules.created_at) : paymentSchedules.next_run_at)
    .limit(100);
  const records = await toRecords(db, orgId, rows);
  // A run that waited and no longer waits (released, then not funded) is not upcoming any more.
  return paymentId ? records : records.filter((record) => record.status === 'active' || record.waiting_reasons.length > 0);
}

/** DELETE /v1/payment_schedules/:id: no further run; the payments made so far stay as they are. */
export async function cancelSchedule(db: DbOrTx, orgId: string, id: string): Promise<ScheduleRecord> {
  const [row] = await db
    .update(paymentSchedules)
    .set({ status: 'cancelled' })
    .where(and(eq(paymentSchedules.org_id, orgId), eq(paymentSchedules.id, id), eq(paymentSchedules.status, 'active')))
    .returning();
  if (!row) throw new AppError('not_found', scheduleMessages.notFound);
  const [record] = await toRecords(db, orgId, [row]);
  return record!;
}

async function toRecords(db: DbOrTx, orgId: string, rows: PaymentSchedule[]): Promise<ScheduleRecord[]> {
  if (rows.length === 0) return [];
  const templates = await db
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), inArray(payments.id, [...new Set(rows.map((row) => row.payment_id))])));
  const byId = new Map(templates.map((payment) => [payment.id, payment]));
  const waiting = await scheduleWaitingReasons(
    db,
    orgId,
    rows.map((row) => row.id),
  );
  const people = await loadRecipients(
    db,
    orgId,
    templates.map((payment) => payment.recipient),
  );
  return rows.map((row) => {
    const template = byId.get(row.payment_id);
    const person = template && (people.creators.get(template.recipient) ?? people.users.get(template.recipient));
    return {
      id: row.id,
      payment_id: row.payment_id,
      frequency: row.frequency,
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      max_runs: row.max_runs,
      runs: row.period,
      next_run_at: row.next_run_at.toISOString(),
      status: row.status,
      recipient_name: person ? recipientName(person) : '',
      amount: template?.amount ?? 0,
      memo: template?.memo ?? '',
      waiting_reasons: waiting.get(row.id) ?? [],
    };
  });
}
