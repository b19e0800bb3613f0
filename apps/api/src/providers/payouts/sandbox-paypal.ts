import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paypalLinks } from '../../db/schema/index.ts';
import { ProviderCallError } from '../contract.ts';
import { moveSandboxPaypal, sandboxPaypalBalance } from '../paypal-accounts/index.ts';
import type { PayoutRequest } from './types.ts';

/** What the sandbox PayPal does with an item, as PayPal's item statuses go (docs/payments.md). */
type PaypalOutcome = { outcome: 'fail' | 'return' | 'unclaimed' | 'cancel' | 'hold'; reason: string };

/** PayPal sandbox receivers that do not simply get paid (documented in docs/payments.md). */
const sandboxPaypalReceivers: Record<string, PaypalOutcome> = {
  'unregistered@paypal.sandbox': { outcome: 'fail', reason: 'RECEIVER_UNREGISTERED' },
  'blocked@paypal.sandbox': { outcome: 'fail', reason: 'RECEIVER_ACCOUNT_LOCKED' },
  'refunded@paypal.sandbox': { outcome: 'return', reason: 'REFUNDED' },
  'reversed@paypal.sandbox': { outcome: 'return', reason: 'REVERSED' },
  'unclaimed@paypal.sandbox': { outcome: 'unclaimed', reason: 'UNCLAIMED' },
  'onhold@paypal.sandbox': { outcome: 'hold', reason: 'ONHOLD' },
  // Unclaimed, then canceled by the organisation in its PayPal ten days later: the money goes back.
  'canceled@paypal.sandbox': { outcome: 'cancel', reason: 'UNCLAIMED' },
};
/** Venmo sandbox receivers (phone numbers, as stored: +1 and ten digits). */
const sandboxVenmoReceivers: Record<string, PaypalOutcome> = {
  '+15555550100': { outcome: 'fail', reason: 'RECEIVER_UNREGISTERED' },
  '+15555550101': { outcome: 'return', reason: 'REFUNDED' },
  '+15555550102': { outcome: 'unclaimed', reason: 'UNCLAIMED' },
};
/** A batch with an item to this receiver is DENIED by PayPal as a whole: nobody in it is paid. */
const SANDBOX_DENIED_PAYPAL_RECEIVER = 'denied@paypal.sandbox';
/** PayPal gives an unclaimed payout back to its sender after 30 days. */
const UNCLAIMED_RETURN_MS = 30 * 86_400_000;
const HOLD_MS = 86_400_000;
const CANCEL_MS = 10 * 86_400_000;

const receiverOf = (request: PayoutRequest) =>
  request.destination.method === 'paypal'
    ? request.destination.paypal_email.toLowerCase()
    : request.destination.method === 'venmo'
      ? request.destination.venmo_phone_number
      : '';

function outcomeOf(request: PayoutRequest): PaypalOutcome | null {
  return (request.destination.method === 'venmo' ? sandboxVenmoReceivers : sandboxPaypalReceivers)[receiverOf(request)] ?? null;
}

type ScheduledEvent = { org_id: string; type: string; object_id: string; data: Record<string, string>; due_at: Date };

/**
 * The sandbox PayPal's side of a call's PayPal and Venmo items, in the sandbox's transaction: the
 * batch's amount leaves the organisation's own sandbox PayPal account (refused, like PayPal's 422,
 * when it holds less), money comes back when an item fails, is returned or refunded, and the
 * items' events are answered on the sandbox clock.
 */
export async function sandboxPaypalBatch(
  tx: Tx,
  options: { org_id: string; now: Date; delayMs: number; payouts: PayoutRequest[]; started: { payout_id: string }[] },
): Promise<ScheduledEvent[]> {
  if (options.payouts.length === 0) return [];
  const [link] = await tx
    .select({ merchant_id: paypalLinks.merchant_id })
    .from(paypalLinks)
    .where(and(eq(paypalLinks.org_id, options.org_id), eq(paypalLinks.status, 'linked')))
    .orderBy(desc(paypalLinks.created_at))
    .limit(1);
  if (!link?.merchant_id) throw new ProviderCallError({ code: 'paypal_not_connected', retryable: false });
  const merchant = link.merchant_id;
  const { now } = options;
  const total = options.payouts.reduce((sum, request) => sum + request.amount, 0);
  if ((await sandboxPaypalBalance(tx, merchant, now)) < total)
    throw new ProviderCallError({ code: 'INSUFFICIENT_FUNDS', retryable: false });
  const settleAt = new Date(now.getTime() + options.delayMs);
  const isDenied = options.payouts.some((request) => receiverOf(request) === SANDBOX_DENIED_PAYPAL_RECEIVER);
  const movements = [{ merchant_id: merchant, amount: -total, effective_at: now }];
  const back = (amount: number, at: Date) => movements.push({ merchant_id: merchant, amount, effective_at: at });
  const events = options.payouts.flatMap((request, index): ScheduledEvent[] => {
    const base = { org_id: options.org_id, object_id: options.started[index]!.payout_id };
    const event = (type: string, due_at: Date, reason?: string) => ({
      ...base,
      type,
      due_at,
      data: { payment_id: request.payment_id, ...(reason ? { reason } : {}) },
    });
    const outcome = isDenied ? ({ outcome: 'fail', reason: 'DENIED' } as const) : outcomeOf(request);
    switch (outcome?.outcome) {
      case 'fail':
        back(request.amount, settleAt);
        return [event('payout.failed', settleAt, outcome.reason)];
      case 'return': {
        const returnAt = new Date(settleAt.getTime() + options.delayMs);
        back(request.amount, returnAt);
        return [event('payout.paid', settleAt), event('payout.returned', returnAt, outcome.reason)];
      }
      case 'unclaimed': {
        const returnAt = new Date(now.getTime() + UNCLAIMED_RETURN_MS);
        back(request.amount, returnAt);
        return [event('payout.held', settleAt, outcome.reason), event('payout.failed', returnAt, 'RETURNED')];
      }
      case 'cancel': {
        const cancelAt = new Date(now.getTime() + CANCEL_MS);
        back(request.amount, cancelAt);
        return [event('payout.held', settleAt, outcome.reason), event('payout.failed', cancelAt, 'CANCELED')];
      }
      case 'hold':
        return [event('payout.held', settleAt, outcome.reason), event('payout.paid', new Date(settleAt.getTime() + HOLD_MS))];
      default:
        return [event('payout.paid', settleAt)];
    }
  });
  await moveSandboxPaypal(tx, movements);
  return events;
}
