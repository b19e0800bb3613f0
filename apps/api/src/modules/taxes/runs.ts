import { and, eq, sql } from 'drizzle-orm';
import type { JobWorker } from '../../events/kernel.ts';
import { taxMessages, type TaxRecipientOutcome, type TaxRequestBody, type TaxRun } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { taxDocumentRuns, type TaxDocumentRun } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { queueEmails, sendQueuedEmails } from '../email/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { consentingRecipients } from './delivery.ts';
import { planTaxForms, toTaxForm, type PlannedForm } from './documents.ts';
import { renderTaxForms } from './pdf/render.ts';
import { postedPaymentsOf } from './queries.ts';
import { loadTaxPayer, loadTaxRecipients } from './recipients.ts';

export const GENERATE_TAX_DOCUMENTS_JOB = 'taxes.generate';
/** Up to this many recipients are generated while the request waits; more go to the job. */
export const INLINE_RECIPIENT_LIMIT = 25;
const CHUNK = 50;

type RunDeps = { db: Db; jobs: Jobs; secrets: SecretBox };

export function toTaxRun(row: TaxDocumentRun): TaxRun {
  return {
    id: row.id,
    year: row.year,
    method: row.method,
    status: row.status,
    total: row.total,
    processed: row.processed,
    generated: row.generated,
    skipped: row.skipped,
    to_mail: row.to_mail,
    emails_sent: row.emails_sent,
    error: row.error,
    created_at: row.created_at.toISOString(),
  };
}

/** Checks the request (every id the organisation's, the organisation activated) and records the run. */
export async function createTaxRun(db: Db, options: { org_id: string; user_id: string; body: TaxRequestBody }): Promise<TaxDocumentRun> {
  const ids = [...new Set(options.body.userIds)];
  await loadTaxRecipients(db, options.org_id, ids);
  await loadTaxPayer(db, options.org_id);
  const [run] = await db
    .insert(taxDocumentRuns)
    .values({
      id: newId(),
      org_id: options.org_id,
      requested_by: options.user_id,
      year: options.body.year,
      method: options.body.method,
      recipient_ids: ids,
      total: ids.length,
    })
    .returning();
  return run!;
}

export async function findTaxRun(db: Db, orgId: string, id: string): Promise<TaxDocumentRun> {
  const [run] = await db
    .select()
    .from(taxDocumentRuns)
    .where(and(eq(taxDocumentRuns.org_id, orgId), eq(taxDocumentRuns.id, id)))
    .limit(1);
  if (!run) throw new AppError('not_found', 'Tax documents not found');
  return run;
}

const emailOf = (orgName: string, year: number, outcome: TaxRecipientOutcome) => ({
  subject: `Your ${year} Form ${outcome.form} from ${orgName}`,
  paragraphs: [
    `Hi ${outcome.name},`,
    `${orgName} has attached your ${year} Form ${outcome.form} (${outcome.form === 'W-2' ? 'wage and tax statement' : 'nonemployee compensation'}), generated from the payments you received through Crewpay.`,
    'Keep it for your records and use it when you file your tax return. Only the last four digits of your taxpayer identification number are shown.',
  ],
});

type Payer = Awaited<ReturnType<typeof loadTaxPayer>>;

/** One recipient's own form, rendered alone and attached to their email. */
async function recipientEmail(deps: RunDeps, run: TaxDocumentRun, payer: Payer, planned: PlannedForm) {
  const pdf = await renderTaxForms([toTaxForm(deps.secrets, payer, planned, run.year)], `${run.year} Form ${planned.outcome.form}`);
  return {
    org_id: run.org_id,
    to: planned.recipient.email,
    ...emailOf(payer.name, run.year, planned.outcome),
    attachments: [
      {
        filename: `${run.year}-Form-${planned.outcome.form}.pdf`,
        content_type: 'application/pdf',
        content_base64: Buffer.from(pdf).toString('base64'),
      },
    ],
  };
}

/**
 * How a chunk's generated forms reach their recipients: a download run prints them all; an email
 * run emails only those who consented to electronic delivery, and the rest go to the run's PDF
 * to be printed and mailed (the IRS allows email only with the recipient's consent).
 */
async function deliveryOf(deps: RunDeps, run: TaxDocumentRun, generated: PlannedForm[]) {
  if (run.method === 'download') return { emailed: [], printed: generated, toMail: [] };
  const consenting = await consentingRecipients(
    deps.db,
    generated.map((planned) => planned.recipient.id),
  );
  const toMail = generated.filter((planned) => !consenting.has(planned.recipient.id));
  return { emailed: generated.filter((planned) => consenting.has(planned.recipient.id)), printed: toMail, toMail };
}

const outcomesJson = (planned: PlannedForm[]) => JSON.stringify(planned.map((form) => form.outcome));

/**
 * Generates a run's documents in chunks, recording progress after each. A download renders one
 * PDF of every form, kept sealed; the email method queues each consenting recipient's own PDF in
 * the chunk's transaction and sends after the commit, and seals the forms to mail as the run's
 * PDF. Claiming the run (queued -> running) makes a retried or duplicate job do nothing.
 */
export async function executeTaxRun(deps: RunDeps, runId: string): Promise<void> {
  const [run] = await deps.db
    .update(taxDocumentRuns)
    .set({ status: 'running' })
    .where(and(eq(taxDocumentRuns.id, runId), eq(taxDocumentRuns.status, 'queued')))
    .returning();
  if (!run) return;
  try {
    const payer = await loadTaxPayer(deps.db, run.org_id);
    const forms = [];
    for (let start = 0; start < run.recipient_ids.length; start += CHUNK) {
      const ids = run.recipient_ids.slice(start, start + CHUNK);
      const recipients = await loadTaxRecipients(deps.db, run.org_id, ids);
      const plan = planTaxForms(recipients, await postedPaymentsOf(deps.db, run.org_id, ids), run.year);
      const delivery = await deliveryOf(deps, run, plan.generated);
      const emails = await Promise.all(delivery.emailed.map((planned) => recipientEmail(deps, run, payer, planned)));
      forms.push(...delivery.printed.map((planned) => toTaxForm(deps.secrets, payer, planned, run.year)));
      const emailIds = await deps.db.transaction(async (tx) => {
        const queued = await queueEmails(tx, emails);
        await tx
          .update(taxDocumentRuns)
          .set({
            processed: start + ids.length,
            generated: sql`${taxDocumentRuns.generated} || ${outcomesJson(plan.generated)}::jsonb`,
            skipped: sql`${taxDocumentRuns.skipped} || ${JSON.stringify(plan.skipped)}::jsonb`,
            to_mail: sql`${taxDocumentRuns.to_mail} || ${outcomesJson(delivery.toMail)}::jsonb`,
            emails_sent: sql`${taxDocumentRuns.emails_sent} + ${queued.length}`,
          })
          .where(eq(taxDocumentRuns.id, run.id));
        return queued;
      });
      await sendQueuedEmails(deps.jobs, emailIds);
    }
    const pdf = forms.length > 0 ? await renderTaxForms(forms, `${run.year} tax documents - ${payer.name}`) : null;
    await deps.db
      .update(taxDocumentRuns)
      .set({ status: 'succeeded', pdf_sealed: pdf ? deps.secrets.encrypt(Buffer.from(pdf).toString('base64')) : null })
      .where(eq(taxDocumentRuns.id, run.id));
  } catch (error) {
    await deps.db.update(taxDocumentRuns).set({ status: 'failed', error: taxMessages.failure }).where(eq(taxDocumentRuns.id, run.id));
    throw error;
  }
}

/** The run's combined PDF, opened from its sealed copy. */
export function openRunPdf(secrets: SecretBox, run: TaxDocumentRun): Buffer {
  if (run.status !== 'succeeded' || !run.pdf_sealed) throw new AppError('not_found', 'Tax documents not found');
  return Buffer.from(secrets.decrypt(run.pdf_sealed), 'base64');
}

export const taxJobs: JobWorker[] = [
  { queue: GENERATE_TAX_DOCUMENTS_JOB, run: (deps, data: { run_id: string }) => executeTaxRun(deps, data.run_id) },
];
