import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import {
  customers,
  invoices,
  invoiceScheduleRuns,
  invoiceSchedules,
  type EmailAttachment,
  type InvoiceSchedule,
} from '../../db/schema/index.ts';
import type { JobWorker } from '../../events/kernel.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { inUnit, publishDomainEvent, type HandlerUnit } from '../../events/dispatcher.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { invoiceAttachmentForEmail } from './attachments.ts';
import { nextInvoiceNumber } from './numbering.ts';
import { periodDay, sandboxToday } from './schedules.ts';
import { emailPayLink } from './service.ts';

export const INVOICE_SCHEDULES_JOB = 'invoices.schedules_due';

/** Schedules looked at per run; the rest wait for the next minute. */
const DUE_BATCH = 100;

/** A period already taken by another run: its transaction is rolled back (the number is given back). */
class PeriodTaken extends Error {}

/** The template's copy for one period: its own number, sent to the customer as New Invoice sends. */
async function sendPeriodInvoice(unit: HandlerUnit, schedule: InvoiceSchedule, attachment: EmailAttachment | null): Promise<string[]> {
  const { deps, tx } = unit;
  const [template] = await tx.select().from(invoices).where(eq(invoices.id, schedule.template_invoice_id));
  const [customer] = await tx.select().from(customers).where(eq(customers.id, template!.customer_id));
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: newId(),
      org_id: schedule.org_id,
      ...(await nextInvoiceNumber(tx, schedule.org_id)),
      customer_id: template!.customer_id,
      payment_group_id: template!.payment_group_id,
      title: template!.title,
      description: template!.description,
      amount: template!.amount,
      // A repeat bills in the template's currency (its amount is in that currency's minor units).
      currency: template!.currency,
      net: template!.net,
      processor: template!.processor,
      disallowed_methods: template!.disallowed_methods,
      attn: template!.attn,
      cc_emails: template!.cc_emails,
      attachment_id: template!.attachment_id,
      created_by: schedule.created_by,
      created_at: await sandboxNow(tx),
    })
    .returning();
  const [run] = await tx
    .insert(invoiceScheduleRuns)
    .values({ schedule_id: schedule.id, period: schedule.next_period, invoice_id: invoice!.id, org_id: schedule.org_id })
    .onConflictDoNothing()
    .returning();
  if (!run) throw new PeriodTaken();
  await publishDomainEvent(unit, {
    org_id: schedule.org_id,
    type: 'invoice.sent',
    data: {
      invoice_id: invoice!.id,
      amount: invoice!.amount,
      currency: invoice!.currency,
      customer_name: customer!.name,
      title: invoice!.title,
    },
  });
  return emailPayLink(deps, tx, invoice!, customer!, { attachment });
}

/** Sends the schedule's next period if it is due today; answers whether it sent one. */
async function sendNextPeriod(deps: AppDeps, scheduleId: string, attachment: EmailAttachment | null): Promise<boolean> {
  let emailIds: string[] = [];
  let sent = false;
  try {
    await inUnit(deps, async (unit) => {
      const { tx } = unit;
      // The row lock queues a parallel run (and Stop) behind this one; the run key is the last word.
      const [schedule] = await tx.select().from(invoiceSchedules).where(eq(invoiceSchedules.id, scheduleId)).for('update');
      if (!schedule || schedule.status !== 'active' || !schedule.next_date || schedule.next_date > (await sandboxToday(tx))) return;
      emailIds = await sendPeriodInvoice(unit, schedule, attachment);
      sent = true;
      const nextDate = periodDay(schedule, schedule.next_period + 1);
      await tx
        .update(invoiceSchedules)
        .set({
          next_period: schedule.next_period + 1,
          next_date: nextDate,
          sent_count: schedule.sent_count + 1,
          status: nextDate ? 'active' : 'ended',
        })
        .where(eq(invoiceSchedules.id, scheduleId));
    });
  } catch (error) {
    if (error instanceof PeriodTaken) return false;
    throw error;
  }
  await sendQueuedEmails(deps.jobs, emailIds);
  return sent;
}

/**
 * Sends every due period of the active schedules (a clock moved two months on sends both
 * months' invoices, one after the other). Answers how many invoices it sent.
 */
export async function runInvoiceSchedules(deps: AppDeps): Promise<number> {
  const today = await sandboxToday(deps.db);
  const due = await deps.db
    .select({ id: invoiceSchedules.id, org_id: invoiceSchedules.org_id, template: invoiceSchedules.template_invoice_id })
    .from(invoiceSchedules)
    .where(and(eq(invoiceSchedules.status, 'active'), lte(invoiceSchedules.next_date, today)))
    .orderBy(asc(invoiceSchedules.next_date))
    .limit(DUE_BATCH);
  let sent = 0;
  for (const schedule of due) {
    const [template] = await deps.db
      .select({ attachment_id: invoices.attachment_id })
      .from(invoices)
      .where(eq(invoices.id, schedule.template));
    const attachment = await invoiceAttachmentForEmail(
      { db: deps.db, storage: fileStorage(deps) },
      { org_id: schedule.org_id, attachment_id: template?.attachment_id },
    );
    while (await sendNextPeriod(deps, schedule.id, attachment)) sent += 1;
  }
  return sent;
}

/** Once a minute against the sandbox clock, as monthly billing: a clock moved a month on sends within a minute. */
export const invoiceScheduleJobs: JobWorker[] = [
  { queue: INVOICE_SCHEDULES_JOB, cron: '* * * * *', run: (deps) => runInvoiceSchedules(deps) },
];
