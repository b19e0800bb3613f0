import { z } from 'zod';
import { startingAfter } from './paging.ts';

/**
 * The US-only wallet's money by place, in cents (docs/money-flows.md, "Places"): available (cash in
 * the financial account that can be spent), incoming (add-funds ACH debits the bank has not
 * settled yet), held (reserved for payouts, transfers and refunds in flight), arriving (invoice
 * money in Stripe's payments balance or its payout in transit: not spendable until it lands,
 * expected by `arriving_expected_at`), frozen (cash held back after a debit nobody in Crewpay made,
 * until the owner reviews it) and owed (money taken back beyond what the wallet held: repaid first
 * from the next money that lands). The total is available + incoming + held + arriving + frozen -
 * owed. `fees_owed`: Crewpay's fees the financial account was too short to pay, collected when
 * money lands (already out of available).
 */
export const walletBreakdown = z.object({
  available: z.number().int(),
  incoming: z.number().int(),
  held: z.number().int(),
  arriving: z.number().int(),
  arriving_expected_at: z.string().nullable(),
  frozen: z.number().int(),
  owed: z.number().int(),
  fees_owed: z.number().int(),
  total: z.number().int(),
});
export type WalletBreakdown = z.infer<typeof walletBreakdown>;

/**
 * One movement of the wallet's money: a ledger transfer touching its available or held money, or
 * an add-funds debit still arriving. Each part is signed (money in positive); `amount` is their
 * sum, so the movements listed add up to the breakdown's figures, part by part.
 */
export const walletMovement = z.object({
  id: z.string(),
  date: z.number().int(),
  type: z.string(),
  memo: z.string(),
  status: z.enum(['pending', 'posted', 'failed']),
  /** Why a failed add-funds debit failed (failureReasonLabels). */
  failure_reason: z.string().nullable(),
  available: z.number().int(),
  incoming: z.number().int(),
  held: z.number().int(),
  arriving: z.number().int(),
  frozen: z.number().int(),
  owed: z.number().int(),
  amount: z.number().int(),
  payment_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
});
export type WalletMovement = z.infer<typeof walletMovement>;

export const MOVEMENTS_PAGE_SIZE = 50;
export const movementsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(MOVEMENTS_PAGE_SIZE),
  starting_after: startingAfter,
});
export const movementsAnswer = z.object({
  data: z.array(walletMovement),
  page: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type MovementsAnswer = z.infer<typeof movementsAnswer>;

/** The pending add-funds debit's type (it has no ledger transfer until it settles), and a failed one's (it never has). */
export const INCOMING_FUNDING = 'ach_debit_pending';
export const FAILED_FUNDING = 'ach_debit_failed';

/** What each kind of movement is, as the wallet's list names it (ledger transfer types). */
const MOVEMENT_LABELS: Record<string, string> = {
  [INCOMING_FUNDING]: 'Funds arriving by ACH',
  [FAILED_FUNDING]: 'Add funds failed: nothing moved',
  ach_debit_settled: 'Funds added by ACH',
  ach_debit_returned: 'Funds returned by the bank',
  sandbox_load: 'Funds loaded',
  received_credit: 'Deposit received',
  hold: 'Held until sent',
  release: 'Hold released',
  payment_succeeded: 'Payout posted',
  payment_failed: 'Payout failed: money back',
  payment_returned: 'Payout returned',
  ach_out_posted: 'Transfer out posted',
  ach_out_failed: 'Transfer out failed: money back',
  ach_out_returned: 'Transfer out returned',
  invoice_card_settled: 'Invoice paid by card',
  invoice_ach_settled: 'Invoice paid by bank',
  invoice_ach_returned: 'Invoice payment returned',
  invoice_card_disputed: 'Invoice payment disputed',
  invoice_dispute_reinstated: 'Invoice dispute won',
  invoice_dispute_lost: 'Invoice dispute lost',
  invoice_refunded: 'Invoice payment refunded',
  balance_payout_created: 'Invoice money on its way to the wallet',
  balance_payout_paid: 'Invoice money arrived in the wallet',
  balance_payout_failed: 'Invoice money payout failed: back at Stripe',
  received_debit: 'Debit by someone outside Crewpay',
  credit_reversed: 'Credit reversed',
  debit_reversed: 'Debit reversed: money back',
  wallet_frozen: 'Frozen until reviewed',
  wallet_unfrozen: 'Reviewed: spendable again',
  invoice_refund_failed: 'Invoice refund failed: money back',
  billing_monthly_fee: 'Monthly plan fee',
  contract_fee: 'Contract fee',
};

/** A movement's label; a type without one reads as its words. */
export function movementLabel(type: string): string {
  const label = MOVEMENT_LABELS[type];
  if (label) return label;
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The spec's transaction type labels (outbound_payment Payment, received_credit Deposit,
 * inbound_transfer Transfer, received debit Debit) for each kind of movement: payouts are
 * Payments, money arriving (an invoice paid, a credit) Deposits, money moved between the
 * organisation's own bank and the wallet Transfers, and what is taken from the wallet (fees) Debits.
 */
export function movementTypeLabel(type: string): 'Payment' | 'Deposit' | 'Transfer' | 'Debit' {
  if (type === 'hold' || type === 'release' || type.startsWith('payment_')) return 'Payment';
  if (type === 'received_credit' || type === 'sandbox_load' || type.startsWith('invoice_')) return 'Deposit';
  if (type.startsWith('ach_debit') || type.startsWith('ach_out') || type === INCOMING_FUNDING || type === FAILED_FUNDING) return 'Transfer';
  return 'Debit';
}
