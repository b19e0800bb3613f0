import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { deliverEmail, findStaleQueuedEmails, type MailTransport } from './outbox.ts';

export const DELIVER_EMAIL_JOB = 'email.deliver';

export async function registerEmailJobs(options: { db: Db; jobs: Jobs; transport: MailTransport }): Promise<void> {
  await options.jobs.register<{ email_id: string }>(DELIVER_EMAIL_JOB, (data) =>
    deliverEmail(options.db, options.transport, data.email_id),
  );
}

export async function sendQueuedEmails(jobs: Jobs, emailIds: string[]): Promise<void> {
  for (const email_id of emailIds) await jobs.send(DELIVER_EMAIL_JOB, { email_id });
}

/** Picks up emails whose delivery job was lost before it was sent (a crash between commit and send). */
export async function resendStaleEmails(db: Db, jobs: Jobs): Promise<number> {
  const ids = await findStaleQueuedEmails(db, new Date(Date.now() - 60_000));
  await sendQueuedEmails(jobs, ids);
  return ids.length;
}
