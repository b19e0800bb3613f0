import type { ModuleDescriptor } from '../../events/kernel.ts';
import { DELIVER_EMAIL_BATCH_JOB, DELIVER_EMAIL_JOB, emailJobs, SEND_QUEUED_EMAILS_JOB } from './jobs.ts';
import type { MailTransport } from './outbox.ts';

// The email module as other modules see it: the outbox of emails, their delivery jobs, the transports.
/** The email module of a process sending through `transport`. */
export const emailModule = (transport: MailTransport): ModuleDescriptor => ({
  name: 'email',
  queues: [DELIVER_EMAIL_JOB, DELIVER_EMAIL_BATCH_JOB, SEND_QUEUED_EMAILS_JOB],
  jobs: emailJobs(transport),
});
export { resendStaleEmails, SEND_QUEUED_EMAILS_JOB, sendQueuedEmails } from './jobs.ts';
export { findOutboxEmail, listOutbox, newEmailRows, queueEmail, queueEmails, type MailTransport, type OutgoingEmail } from './outbox.ts';
export { createOutboxTransport, createSmtpTransport } from './transports.ts';
