// Payment statuses, tabs, labels and messages that the browser shows, apart from the request and
// answer schemas: a page that only shows them (a list, the signed-in frame) does not download zod
// with them. payments.ts re-exports this file, so every import of them stays as it was.

export const paymentStatuses = [
  'draft',
  'requires_info',
  'processing',
  'succeeded',
  'canceled',
  'returned',
  'failed',
  'awaiting_approval',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The spec's labels of payment statuses (wallet and tables), the one vocabulary of every screen,
 * chip and message that names a payment's status (issue 44: Pending, never Processing).
 */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  draft: 'Draft',
  requires_info: 'Awaiting input',
  processing: 'Pending',
  succeeded: 'Posted',
  returned: 'Returned',
  failed: 'Failed',
  canceled: 'Canceled',
  // Executed, money held, waiting for an owner's or admin's approval (Settings > Approvals).
  awaiting_approval: 'Awaiting approval',
};

/** Tabs of /payments in their displayed order; the query value and the statuses each shows. */
export const paymentTabs = [
  { value: 'all_payments', label: 'All', statuses: [...paymentStatuses] },
  { value: 'posted_payments', label: 'Posted', statuses: ['succeeded'] },
  { value: 'payments', label: 'Initiated', statuses: ['requires_info', 'processing'] },
  { value: 'error_payments', label: 'Error', statuses: ['failed', 'returned', 'canceled'] },
  { value: 'draft_payments', label: 'Draft', statuses: ['draft'] },
  { value: 'approval_payments', label: 'Approvals', statuses: ['awaiting_approval'] },
] as const satisfies readonly { value: string; label: string; statuses: readonly PaymentStatus[] }[];
export type PaymentTab = (typeof paymentTabs)[number]['value'];
/** An unknown tab value opens the first tab. */
export const paymentTabOf = (value: string | null | undefined) => paymentTabs.find((tab) => tab.value === value) ?? paymentTabs[0];

export const paymentMessages = {
  executed: 'Payment is on the way!',
  reminded: 'Reminder(s) have been sent!',
  deleted: 'Payments have been deleted!',
  updated: 'Payment updated!',
  delinquent: 'Your billing is past due: add funds to execute payments',
  noTreasury: 'New Payment needs a treasury account: activate your wallet first',
  notEditable: 'Only draft payments can be edited',
  notDeletable: 'Only draft and awaiting input payments can be deleted',
  nothingToExecute: 'None of these payments is a draft: they have been executed or deleted already',
  noPhone: 'No recipient of these payments has a phone number',
  waitsForPayoutDetails: 'Waits for the recipient’s payout details',
  /** A draft another team member decided to pay is frozen: they change it, or undo their decision first. */
  decidedByOther: (decision: string) =>
    `${decision} by another team member: ask them to change it, or undo that first (cancel the schedule or the release), then edit it`,
} as const;
