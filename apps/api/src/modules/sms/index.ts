// The SMS module as other modules see it (built like email: an outbox table, a job, a transport).
export { DELIVER_SMS_JOB, deliverSms, queueSms, recentSms, registerSmsJobs, sendQueuedSms } from './outbox.ts';
export { smsStatusEvents } from './status.ts';
