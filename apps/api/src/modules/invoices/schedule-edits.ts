import { and, eq } from 'drizzle-orm';
import { invoiceScheduleMessages, type InvoiceScheduleRecord, type UpdateInvoiceScheduleBody } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { invoiceSchedules, type InvoiceSchedule } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { periodDay, periodRepeatDay, sandboxToday, toRecord } from './schedules.ts';

type Anchor = Pick<InvoiceSchedule, 'anchor_period' | 'anchor_date'>;

/** The end an edit sets must leave room for a period still to come: not in the past, not before the start, more than was sent. */
function assertEnd(schedule: InvoiceSchedule, body: UpdateInvoiceScheduleBody, today: string): void {
  if (body.end_date !== null && body.end_date < today)
    throw new AppError('validation_error', invoiceScheduleMessages.endPast, { field: 'end_date' });
  if (body.end_date !== null && body.end_date < schedule.start_date)
    throw new AppError('validation_error', invoiceScheduleMessages.endBeforeStart, { field: 'end_date' });
  if (body.count !== null && body.count <= schedule.sent_count)
    throw new AppError('validation_error', invoiceScheduleMessages.countBelowSent, { field: 'count' });
}

/**
 * A new repeat counts from the last period sent (its day stays its day); with nothing sent yet the
 * start date stays. When that leaves the next period's day in the past (weekly after a long
 * month), the next invoice goes out today instead of a catch-up of missed weeks.
 */
function anchorOf(schedule: InvoiceSchedule, body: UpdateInvoiceScheduleBody, today: string): Anchor {
  const sameRepeat = body.interval === schedule.interval && body.every === schedule.every;
  if (sameRepeat || schedule.next_period === 0) return { anchor_period: schedule.anchor_period, anchor_date: schedule.anchor_date };
  const last = schedule.next_period - 1;
  const anchor = { anchor_period: last, anchor_date: periodRepeatDay(schedule, last) };
  const next = periodRepeatDay({ ...schedule, ...body, ...anchor }, schedule.next_period);
  return next < today ? { anchor_period: schedule.next_period, anchor_date: today } : anchor;
}

/**
 * PUT /v1/invoice_schedules/{id}: changes the repeat and the end of an active schedule. The
 * periods already sent keep their numbers (the run key), so none of them is sent again.
 */
export async function updateSchedule(db: Db, orgId: string, id: string, body: UpdateInvoiceScheduleBody): Promise<InvoiceScheduleRecord> {
  return db.transaction(async (tx) => {
    // The row lock waits for a run under way, so the edit applies from the next period on.
    const [schedule] = await tx
      .select()
      .from(invoiceSchedules)
      .where(and(eq(invoiceSchedules.org_id, orgId), eq(invoiceSchedules.id, id)))
      .for('update');
    if (!schedule) throw new AppError('not_found', invoiceScheduleMessages.notFound);
    if (schedule.status !== 'active') throw new AppError('conflict', invoiceScheduleMessages.ended);
    const today = await sandboxToday(tx);
    assertEnd(schedule, body, today);
    const changes = { interval: body.interval, every: body.every, end_date: body.end_date, max_count: body.count };
    const anchor = anchorOf(schedule, body, today);
    const nextDate = periodDay({ ...schedule, ...changes, ...anchor }, schedule.next_period);
    const [updated] = await tx
      .update(invoiceSchedules)
      .set({ ...changes, ...anchor, next_date: nextDate, status: nextDate ? 'active' : 'ended', updated_at: new Date() })
      .where(eq(invoiceSchedules.id, id))
      .returning();
    return toRecord(tx, updated!);
  });
}
