import { and, asc, eq, sql } from 'drizzle-orm';
import type { JobWorker } from '../../events/kernel.ts';
import type { InvoiceReminderRecord, ReminderSettingsBody, ReminderSettingsRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { customers, invoiceReminders, invoiceReminderSettings, invoices } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { findInvoiceRow } from './queries.ts';
import { sandboxToday } from './schedules.ts';
import { emailPayLink } from './service.ts';

/** Reminders looked at per run; the rest wait for the next minute. */
const DUE_BATCH = 200;

/** GET /v1/invoice_reminder_settings: off with no days until an owner or admin saves a schedule. */
export async function getReminderSettings(db: Db, orgId: string): Promise<ReminderSettingsRecord> {
  const [row] = await db.select().from(invoiceReminderSettings).where(eq(invoiceReminderSettings.org_id, orgId));
  return row ? { enabled: row.enabled, steps: row.steps } : { enabled: false, steps: [] };
}

/** PUT /v1/invoice_reminder_settings (owners and admins). */
export async function saveReminderSettings(db: Db, orgId: string, body: ReminderSettingsBody): Promise<ReminderSettingsRecord> {
  await db
    .insert(invoiceReminderSettings)
    .values({ org_id: orgId, ...body })
    .onConflictDoUpdate({
      target: invoiceReminderSettings.org_id,
      set: { enabled: body.enabled, steps: body.steps, updated_at: new Date() },
    });
  return getReminderSettings(db, orgId);
}

/** GET /v1/invoices/{id}/reminders: the scheduled reminders sent for the invoice, oldest first. */
export async function remindersOfInvoice(db: Db, options: { org_id: string; invoice_id: string }): Promise<InvoiceReminderRecord[]> {
  await findInvoiceRow(db, { org_id: options.org_id, id: options.invoice_id });
  const rows = await db
    .select()
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.org_id, options.org_id), eq(invoiceReminders.invoice_id, options.invoice_id)))
    .orderBy(asc(invoiceReminders.sent_at), asc(invoiceReminders.step));
  return rows.map((row) => ({ step: row.step, sent_at: row.sent_at.toISOString() }));
}

/**
 * Open invoices of organisations with reminders on, each with the latest reminder day reached
 * (due date + day <= today) after the invoice's own day, when no reminder of that day or a later
 * one was sent: a clock that jumps past two days sends one reminder, not two. An invoice with a
 * payment under way (a pending bank debit) waits. Offline invoices are paid outside Crewpay and
 * cannot be paid by the link, so they get no reminder.
 */
async function dueReminders(db: Db, today: string): Promise<{ invoice_id: string; step: number }[]> {
  const result = await db.execute<{ invoice_id: string; step: number }>(sql`
    SELECT i.id AS invoice_id, reached.step
    FROM invoices i
    JOIN invoice_reminder_settings s ON s.org_id = i.org_id AND s.enabled
    CROSS JOIN LATERAL (
      SELECT max(day) AS step FROM unnest(s.steps) AS day
      WHERE (i.created_at AT TIME ZONE 'UTC')::date + i.net + day <= ${today}::date
        AND (i.created_at AT TIME ZONE 'UTC')::date + i.net + day > (i.created_at AT TIME ZONE 'UTC')::date
    ) reached
    WHERE i.status = 'requires_info' AND i.processor <> 'offline' AND reached.step IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.step >= reached.step)
      AND NOT EXISTS (SELECT 1 FROM charges c WHERE c.invoice_id = i.id AND c.status = 'pending')
    ORDER BY i.id
    LIMIT ${DUE_BATCH}`);
  return result.rows.map((row) => ({ invoice_id: row.invoice_id, step: Number(row.step) }));
}

/** Emails one step's reminder unless the invoice was paid or canceled meanwhile or the step was sent. */
async function sendReminder(deps: AppDeps, due: { invoice_id: string; step: number }): Promise<boolean> {
  let emailIds: string[] = [];
  let sent = false;
  await deps.db.transaction(async (tx) => {
    // The invoice's row lock orders this after a payment (or a parallel run) under way.
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, due.invoice_id)).for('update');
    if (!invoice || invoice.status !== 'requires_info' || invoice.processor === 'offline') return;
    const [claimed] = await tx
      .insert(invoiceReminders)
      .values({ invoice_id: invoice.id, step: due.step, org_id: invoice.org_id, sent_at: await sandboxNow(tx) })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return;
    const [customer] = await tx.select().from(customers).where(eq(customers.id, invoice.customer_id));
    emailIds = await emailPayLink(deps, tx, invoice, customer!, { reminder: true });
    sent = true;
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return sent;
}

/** The dunning run: every reminder due by the sandbox clock, once per invoice and step. Answers how many were sent. */
export async function runInvoiceDunning(deps: AppDeps): Promise<number> {
  const due = await dueReminders(deps.db, await sandboxToday(deps.db));
  let sent = 0;
  for (const reminder of due) if (await sendReminder(deps, reminder)) sent += 1;
  return sent;
}

export const INVOICE_DUNNING_JOB = 'invoices.reminders_due';

/** Once a minute against the sandbox clock: a reminder goes out within a minute of its day starting. */
export const invoiceDunningJobs: JobWorker[] = [{ queue: INVOICE_DUNNING_JOB, cron: '* * * * *', run: (deps) => runInvoiceDunning(deps) }];
