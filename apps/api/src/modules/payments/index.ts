// The payments module as other modules see it.
export { payoutEvents } from './events.ts';
export { loadRecipients, recipientName } from './recipients.ts';
export { reconcilePayments } from './reconcile.ts';
export { applyPayeeDetails, describePayeeLink, submitPayeeLink } from './payee.ts';
export { createPayoutsOperation, type PayoutCallRequest } from './payout-calls.ts';
export { paypalPollOperation } from './paypal-poll.ts';
export { paymentRoutes } from './routes.ts';
export { approvalRoutes } from './approval-routes.ts';
