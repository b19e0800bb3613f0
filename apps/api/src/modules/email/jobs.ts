import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { deliverEmail, findStaleQueuedEmails, type MailTransport } from './outbox.ts';

export const DELIVER_EMAIL_JOB = 'email.deliver';
export const DELIVER_EMAIL_BATCH_JOB = 'email.deliver_batch';
const BATCH_SIZE = 200;

export async function registerEmailJobs(options: { db: Db; jobs: Jobs; transport: MailTransport }): Promise<void> {
  await options.jobs.register<{ email_id: string }>(DELIVER_EMAIL_JOB, (data) =>
    deliverEmail(options.db, options.transport, data.email_id),
  );
  await options.jobs.register<{ email_ids: string[] }>(DELIVER_EMAIL_BATCH_JOB, async (data) => {
    for (const emailId of data.email_ids) await deliverEmail(options.db, options.transport, emailId);
  });
}

/** One job per email; a large batch (a bulk import) goes out as jobs of 200 emails each. */
export async function sendQueuedEmails(jobs: Jobs, emailIds: string[]): Promise<void> {
  if (emailIds.length <= 10) {
    for (const email_id of emailIds) await jobs.send(DELIVER_EMAIL_JOB, { email_id });
    return;
  }
  for (let start = 0; start < emailIds.length; start += BATCH_SIZE) {
    await jobs.send(DELIVER_EMAIL_BATCH_JOB, { email_ids: emailIds.slice(start, start + BATCH_SIZE) });
  }
}

/** Picks up emails whose delivery job was lost before it was sent (a crash between commit and send). */
export async function resendStaleEmails(db: Db, jobs: Jobs): Promise<number> {
  const ids = await findStaleQueuedEmails(db, new Date(Date.now() - 60_000));
  await sendQueuedEmails(jobs, ids);
  return ids.length;
}
