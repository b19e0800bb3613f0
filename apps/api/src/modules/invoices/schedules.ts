import { and, asc, eq, or } from 'drizzle-orm';
import { schedulePeriodDate, invoiceScheduleMessages, type CreateInvoiceScheduleBody, type InvoiceScheduleRecord } from '@crewpay/core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { invoices, invoiceScheduleRuns, invoiceSchedules, type InvoiceSchedule } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { findInvoiceRow } from './queries.ts';

type Actor = { org_id: string; user_id: string };

/** The sandbox day (UTC): schedules send on days, and tests move the sandbox clock. */
export async function sandboxToday(db: DbOrTx): Promise<string> {
  return (await sandboxNow(db)).toISOString().slice(0, 10);
}

type Repeat = Pick<InvoiceSchedule, 'start_date' | 'interval' | 'every' | 'anchor_period' | 'anchor_date'>;

/** The day a period falls on by the repeat, counted from the anchor an edit set (or the start date). */
export function periodRepeatDay(schedule: Repeat, period: number): string {
  const anchor = schedule.anchor_date ?? schedule.start_date;
  return schedulePeriodDate(anchor, schedule.interval, schedule.every, period - schedule.anchor_period);
}

/** The day of a period, or null when the schedule's count or end date leaves it out. */
export function periodDay(schedule: Repeat & Pick<InvoiceSchedule, 'end_date' | 'max_count'>, period: number) {
  if (schedule.max_count !== null && period >= schedule.max_count) return null;
  const day = periodRepeatDay(schedule, period);
  return schedule.end_date !== null && day > schedule.end_date ? null : day;
}

export async function toRecord(db: DbOrTx, schedule: InvoiceSchedule): Promise<InvoiceScheduleRecord> {
  const sent = await db
    .select({ id: invoices.id, number: invoices.number, period: invoiceScheduleRuns.period, created_at: invoices.created_at })
    .from(invoiceScheduleRuns)
    .innerJoin(invoices, eq(invoices.id, invoiceScheduleRuns.invoice_id))
    .where(eq(invoiceScheduleRuns.schedule_id, schedule.id))
    .orderBy(asc(invoiceScheduleRuns.period));
  return {
    id: schedule.id,
    template_invoice_id: schedule.template_invoice_id,
    interval: schedule.interval,
    every: schedule.every,
    start_date: schedule.start_date,
    end_date: schedule.end_date,
    count: schedule.max_count,
    sent_count: schedule.sent_count,
    next_date: schedule.status === 'active' ? schedule.next_date : null,
    status: schedule.status,
    stopped_at: schedule.stopped_at?.toISOString() ?? null,
    created_at: schedule.created_at.toISOString(),
    invoices: sent.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
  };
}

/** GET /v1/invoices/{id}/schedule: the schedule the invoice starts (its template) or was sent by. */
export async function scheduleOfInvoice(db: Db, options: { org_id: string; invoice_id: string }): Promise<InvoiceScheduleRecord | null> {
  await findInvoiceRow(db, { org_id: options.org_id, id: options.invoice_id });
  const [row] = await db
    .selectDistinct({ schedule: invoiceSchedules })
    .from(invoiceSchedules)
    .leftJoin(invoiceScheduleRuns, eq(invoiceScheduleRuns.schedule_id, invoiceSchedules.id))
    .where(
      and(
        eq(invoiceSchedules.org_id, options.org_id),
        or(eq(invoiceSchedules.template_invoice_id, options.invoice_id), eq(invoiceScheduleRuns.invoice_id, options.invoice_id)),
      ),
    )
    .limit(1);
  return row ? toRecord(db, row.schedule) : null;
}

/** POST /v1/invoices/{id}/schedule: an open invoice repeats from the start date (today or later). */
export async function createSchedule(
  db: Db,
  actor: Actor,
  invoiceId: string,
  body: CreateInvoiceScheduleBody,
): Promise<InvoiceScheduleRecord> {
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceRow(tx, { org_id: actor.org_id, id: invoiceId, forUpdate: true });
    if (invoice.status !== 'requires_info') throw new AppError('conflict', invoiceScheduleMessages.notOpen);
    if (body.start_date < (await sandboxToday(tx)))
      throw new AppError('validation_error', invoiceScheduleMessages.startPast, { field: 'start_date' });
    const values = {
      id: newId(),
      org_id: actor.org_id,
      template_invoice_id: invoice.id,
      interval: body.interval,
      every: body.every,
      start_date: body.start_date,
      end_date: body.end_date,
      max_count: body.count,
      created_by: actor.user_id,
    };
    const [schedule] = await tx
      .insert(invoiceSchedules)
      .values({ ...values, next_date: periodDay({ ...values, anchor_period: 0, anchor_date: null }, 0) })
      .onConflictDoNothing()
      .returning();
    if (!schedule) throw new AppError('conflict', invoiceScheduleMessages.exists);
    return toRecord(tx, schedule);
  });
}

/** POST /v1/invoice_schedules/{id}/stop: no invoice is sent after it; the invoices already sent stay. */
export async function stopSchedule(db: Db, orgId: string, id: string): Promise<InvoiceScheduleRecord> {
  return db.transaction(async (tx) => {
    // The row lock waits for a run under way, so no invoice is sent after Stop answers.
    const [schedule] = await tx
      .select()
      .from(invoiceSchedules)
      .where(and(eq(invoiceSchedules.org_id, orgId), eq(invoiceSchedules.id, id)))
      .for('update');
    if (!schedule) throw new AppError('not_found', invoiceScheduleMessages.notFound);
    if (schedule.status !== 'active') throw new AppError('conflict', invoiceScheduleMessages.ended);
    const [stopped] = await tx
      .update(invoiceSchedules)
      .set({ status: 'stopped', stopped_at: await sandboxNow(tx), next_date: null })
      .where(eq(invoiceSchedules.id, id))
      .returning();
    return toRecord(tx, stopped!);
  });
}
