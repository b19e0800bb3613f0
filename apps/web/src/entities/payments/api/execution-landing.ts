import type { InitiateAnswer, PaymentTab } from '@crewpay/core';

/**
 * The /payments tab where an execution's payments now are (issue 44: the maker must see a payment
 * held for approval): Approvals when any is held for one, Initiated when any was sent or waits for
 * payout details, Draft when every one waits for its release (still a draft).
 */
export function executionLandingTab(answer: Pick<InitiateAnswer, 'outcomes'>): PaymentTab {
  const { sent, needs_payout_details: details, held_for_approval: held } = answer.outcomes;
  if (held.count > 0) return 'approval_payments';
  return sent.count + details.count > 0 ? 'payments' : 'draft_payments';
}
