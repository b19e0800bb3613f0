// The SMS module as other modules see it: texts written in the caller's transaction, sent by the provider-calls outbox.
export { queueSms, recentSms, SEND_SMS, sendQueuedSms } from './outbox.ts';
export { sendSmsOperation } from './send.ts';
export { smsStatusEvents } from './status.ts';
export { smsReason } from './reasons.ts';
export { toE164 } from './phone.ts';
