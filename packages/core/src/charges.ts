import { z } from 'zod';
import { formatCents } from './money.ts';
import { MAX_AMOUNT_CENTS } from './validation.ts';

/**
 * What the payer of a pending charge still has to do: authenticate the card (3-D Secure), or
 * verify a bank account typed by hand (micro-deposits). Neither is a failure.
 */
export const chargeNextActions = ['authenticate', 'verify_bank'] as const;
export type ChargeNextAction = (typeof chargeNextActions)[number];

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export const refundReasons = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;

export const refundMessages = {
  amount: 'Invalid amount',
  nothingToRefund: 'This invoice has no payment to refund',
  offline: 'Only payments collected with Stripe can be refunded',
  disputed: 'A disputed payment cannot be refunded',
  tooMuch: (left: number) => `The refund cannot exceed the ${formatCents(left)} still refundable`,
  wallet: 'The wallet does not hold enough to refund this payment',
} as const;

/** POST /v1/invoices/{id}/refunds: cents to give back (at most what is left of the payment) and why. */
export const refundBody = z.object({
  amount: z
    .number({ error: refundMessages.amount })
    .int(refundMessages.amount)
    .min(1, refundMessages.amount)
    .max(MAX_AMOUNT_CENTS, refundMessages.amount),
  reason: z.enum(refundReasons, { error: 'Unknown refund reason' }).optional(),
});
export type RefundBody = z.infer<typeof refundBody>;

export const refundRecord = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  fee_refund: z.number().int(),
  reason: z.string().nullable(),
  status: z.enum(refundStatuses),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecord>;

export const disputeRecord = z.object({
  amount: z.number().int(),
  reason: z.string(),
  status: z.string(),
  evidence_due_by: z.string().nullable(),
  created_at: z.string(),
  funds_withdrawn_at: z.string().nullable(),
  funds_reinstated_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type DisputeRecord = z.infer<typeof disputeRecord>;

const DECLINES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  payment_intent_authentication_failure: 'We could not authenticate your card with your bank.',
  authentication_required: 'Your bank asks to authenticate this payment: try again and complete the check.',
  account_closed: 'Your bank account is closed.',
  no_account: 'Your bank could not find this account.',
  debit_not_authorized: 'Your bank did not authorise this debit.',
  invalid_currency: 'Your bank account does not accept US dollars.',
  payment_method_microdeposit_verification_attempts_exceeded: 'Your bank account could not be verified.',
  canceled: 'The payment was canceled.',
};

/** What the payer reads of a failed payment's reason (Stripe's decline and return codes); never the raw code alone. */
export const declineMessage = (reason: string | null | undefined): string => (reason && DECLINES[reason]) ?? 'Your payment was declined.';

/** Dispute statuses as a person reads them. */
export const disputeStatusLabels: Record<string, string> = {
  warning_needs_response: 'Inquiry: needs a response',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs a response',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
};
