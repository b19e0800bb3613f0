// The email module as other modules see it: the outbox of emails, their delivery jobs, the transports.
export {
  DELIVER_EMAIL_BATCH_JOB,
  DELIVER_EMAIL_JOB,
  registerEmailJobs,
  resendStaleEmails,
  SEND_QUEUED_EMAILS_JOB,
  sendQueuedEmails,
} from './jobs.ts';
export { findOutboxEmail, listOutbox, newEmailRows, queueEmail, queueEmails, type MailTransport, type OutgoingEmail } from './outbox.ts';
export { createOutboxTransport, createSmtpTransport } from './transports.ts';
