// The approvals module as other modules see it: the Approvals queue, approving and rejecting a
// payment held for approval (the last approval sends it through payments), the rules' settings.
// Holding a payment for approval is one of payments' waits (payments/approval-rules.ts,
// approval-hold.ts, approval-emails.ts), so execution never imports this module.
export { approvalRoutes } from './approval-routes.ts';
