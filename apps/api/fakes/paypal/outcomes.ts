/**
 * What happens to a payout item, by its receiver (the sandbox's test values, docs/payments.md):
 * the status PayPal first gives it, and a later one (at once, or after `afterDays` on the fake's
 * clock), with the event PayPal sends then when it is not the status's own (`thenEvent`). Anything
 * else is paid (SUCCESS).
 */
type ItemOutcome = { first: string; error?: string; then?: string; afterDays?: number; thenEvent?: string };

const DAY_MS = 86_400_000;
export const daysMs = (days: number) => days * DAY_MS;

/** PayPal returns an unclaimed payout to its sender after 30 days. */
export const UNCLAIMED_RETURN_DAYS = 30;

export const RECEIVER_OUTCOMES: Record<string, ItemOutcome> = {
  'unregistered@paypal.sandbox': { first: 'FAILED', error: 'RECEIVER_UNREGISTERED' },
  'blocked@paypal.sandbox': { first: 'BLOCKED', error: 'RECEIVER_ACCOUNT_LOCKED' },
  'refunded@paypal.sandbox': { first: 'SUCCESS', then: 'REFUNDED' },
  'reversed@paypal.sandbox': { first: 'SUCCESS', then: 'REVERSED' },
  'unclaimed@paypal.sandbox': { first: 'UNCLAIMED', then: 'RETURNED', afterDays: UNCLAIMED_RETURN_DAYS },
  'onhold@paypal.sandbox': { first: 'ONHOLD', then: 'SUCCESS', afterDays: 1 },
  // The sender cancels the unclaimed payout (on PayPal's site or its cancel call): RETURNED, with PayPal's CANCELED event.
  'canceled@paypal.sandbox': { first: 'UNCLAIMED', then: 'RETURNED', afterDays: 10, thenEvent: 'PAYMENT.PAYOUTS-ITEM.CANCELED' },
  '+15555550100': { first: 'FAILED', error: 'RECEIVER_UNREGISTERED' },
  '+15555550101': { first: 'SUCCESS', then: 'REFUNDED' },
  '+15555550102': { first: 'UNCLAIMED', then: 'RETURNED', afterDays: UNCLAIMED_RETURN_DAYS },
};

/** A batch holding an item to this receiver is DENIED as a whole (PayPal's risk review refusing it). */
export const DENIED_BATCH_RECEIVER = 'denied@paypal.sandbox';
/**
 * A batch holding an item to this receiver is CANCELED as a whole: paid to nobody, its money back,
 * and, as PayPal's webhook event list names no PAYMENT.PAYOUTSBATCH.CANCELED, known only by reading the batch.
 */
export const CANCELED_BATCH_RECEIVER = 'canceled-batch@paypal.sandbox';

/** Statuses after which the money is back in the sender's balance. */
export const GIVES_MONEY_BACK = new Set(['FAILED', 'BLOCKED', 'RETURNED', 'REFUNDED', 'REVERSED']);

/** The webhook event PayPal sends when an item reaches a status (developer.paypal.com/payouts/webhooks). */
export const ITEM_EVENTS: Record<string, string> = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED',
  BLOCKED: 'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  ONHOLD: 'PAYMENT.PAYOUTS-ITEM.HELD',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
  REFUNDED: 'PAYMENT.PAYOUTS-ITEM.REFUNDED',
  // PayPal's list names no event of its own for a reversal; the item's status says it in the item event sent.
  REVERSED: 'PAYMENT.PAYOUTS-ITEM.REFUNDED',
};
