import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { JobWorker } from '../../events/kernel.ts';
import { claimStaleQueuedEmails, deliverEmail, type MailTransport } from './outbox.ts';

export const DELIVER_EMAIL_JOB = 'email.deliver';
export const DELIVER_EMAIL_BATCH_JOB = 'email.deliver_batch';
export const SEND_QUEUED_EMAILS_JOB = 'email.send_queued';
const BATCH_SIZE = 200;

/** The delivery workers, sending through `transport` (SMTP, or the outbox the sandbox shows). */
export function emailJobs(transport: MailTransport): JobWorker[] {
  return [
    { queue: DELIVER_EMAIL_JOB, run: (deps, data: { email_id: string }) => deliverEmail(deps.db, transport, data.email_id) },
    {
      queue: DELIVER_EMAIL_BATCH_JOB,
      run: async (deps, data: { email_ids: string[] }) => {
        for (const emailId of data.email_ids) await deliverEmail(deps.db, transport, emailId);
      },
    },
    // Emails queued inside a transaction that cannot send jobs itself (a domain event's member
    // emails, written by a provider event or the billing job) and emails whose job was lost.
    { queue: SEND_QUEUED_EMAILS_JOB, cron: '* * * * *', run: (deps) => resendStaleEmails(deps.db, deps.jobs) },
  ];
}

/** One job per email; a large batch (a bulk import) goes out as jobs of 200 emails each, written at once. */
export async function sendQueuedEmails(jobs: Jobs, emailIds: string[]): Promise<void> {
  if (emailIds.length <= 10) {
    for (const email_id of emailIds) await jobs.send(DELIVER_EMAIL_JOB, { email_id });
    return;
  }
  const batches: { email_ids: string[] }[] = [];
  for (let start = 0; start < emailIds.length; start += BATCH_SIZE) batches.push({ email_ids: emailIds.slice(start, start + BATCH_SIZE) });
  await jobs.sendMany(DELIVER_EMAIL_BATCH_JOB, batches);
}

/** Pages of the sweep: a backlog up to 500 x 100 emails goes out in one sweep, the rest in the next. */
const SWEEP_PAGE = 500;
const SWEEP_PAGES = 100;
/** An email the sweep sent a job for is sent again only this much later (that job was lost too). */
const SWEEP_RESEND_AFTER_MS = 5 * 60_000;

/**
 * Picks up emails still queued: those whose delivery job was lost (a crash between commit and
 * send) and those queued without a job of their own (a provider event's payout emails, thousands
 * after a large execution). The whole backlog is sent as jobs in one sweep: a sweep of one page
 * (500) a minute left a 10,000-payment run's emails queued for ten minutes while the workers sat
 * idle. Each email is marked when swept and swept again only five minutes later, so a backlog
 * larger than a minute of delivery is not sent again every minute (which multiplied the jobs
 * 4.6 times in a fleet run). Ten seconds of grace lets an email's own job go first; sending twice
 * cannot happen (deliverEmail locks the row and checks its status).
 */
export async function resendStaleEmails(db: Db, jobs: Jobs): Promise<number> {
  const now = Date.now();
  const options = { olderThan: new Date(now - 10_000), sweptBefore: new Date(now - SWEEP_RESEND_AFTER_MS), limit: SWEEP_PAGE };
  let sent = 0;
  for (let page = 0; page < SWEEP_PAGES; page += 1) {
    const ids = await claimStaleQueuedEmails(db, options);
    await sendQueuedEmails(jobs, ids);
    sent += ids.length;
    if (ids.length < SWEEP_PAGE) break;
  }
  return sent;
}
