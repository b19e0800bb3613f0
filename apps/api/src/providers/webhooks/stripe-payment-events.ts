import type Stripe from 'stripe';
import type { ProviderEventInput } from '../contract.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Data = Record<string, string | number | null | undefined>;

/** Our event, when the Stripe object carries our ids (an object of another integration on the account is ignored). */
function ours(id: string, type: string, objectId: string, metadata: Record<string, string> | null | undefined, data: Data = {}) {
  const { org_id: orgId, ...rest } = metadata ?? {};
  if (!orgId || !UUID.test(orgId)) return [];
  const extra = Object.fromEntries(
    Object.entries(data)
      .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return [{ id, type, org_id: orgId, object_id: objectId, data: { ...rest, ...extra } }] satisfies ProviderEventInput[];
}

/**
 * The Stripe event types this file turns into our events: the switch below is type-checked
 * against it (a case not listed, or a listed type without a case, does not compile), and the
 * webhook endpoints subscribe to it (stripe-endpoints.ts), so the two cannot drift.
 */
export const STRIPE_PAYMENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
  'charge.refunded',
] as const satisfies readonly Stripe.Event.Type[];

type PaymentEvent = Extract<Stripe.Event, { type: (typeof STRIPE_PAYMENT_EVENT_TYPES)[number] }>;
const isPaymentEvent = (event: Stripe.Event): event is PaymentEvent =>
  (STRIPE_PAYMENT_EVENT_TYPES as readonly string[]).includes(event.type);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const isBankDebit = (intent: Stripe.PaymentIntent) =>
  intent.payment_method_types.includes('us_bank_account') && !intent.payment_method_types.includes('card');

/** A refund as our event: succeeded, or failed / canceled; a pending one is no news. */
function refundEvent(id: string, refund: Stripe.Refund): ProviderEventInput[] {
  if (refund.status === 'succeeded') return ours(id, 'refund.succeeded', refund.id, refund.metadata);
  if (refund.status === 'failed' || refund.status === 'canceled')
    return ours(id, 'refund.failed', refund.id, refund.metadata, { reason: refund.failure_reason ?? refund.status });
  return [];
}

/**
 * A dispute of a payment in another currency: the dollars its money moved on the account's USD
 * balance, read from the dispute's balance transactions (taken: the negative ones; reinstated:
 * the positive ones), each at the rate Stripe used then. A USD dispute carries nothing more.
 */
function disputeDollars(type: string, dispute: Stripe.Dispute): { usd_amount?: string } {
  if (dispute.currency === 'usd') return {};
  const moved = (dispute.balance_transactions ?? []).map((transaction) => transaction.amount);
  if (type === 'charge.dispute.funds_withdrawn') return { usd_amount: String(-sum(moved.filter((amount) => amount < 0))) };
  if (type === 'charge.dispute.funds_reinstated') return { usd_amount: String(sum(moved.filter((amount) => amount > 0))) };
  return {};
}
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** A dispute's event: it names only the payment, whose metadata carries our ids; a bank debit's dispute is its return. */
async function disputeEvents(stripe: Stripe, event: Stripe.Event, dispute: Stripe.Dispute): Promise<ProviderEventInput[]> {
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return [];
  const onAccount = event.account ? { stripeAccount: event.account } : undefined;
  const intent = await stripe.paymentIntents.retrieve(intentId, {}, onAccount);
  if (isBankDebit(intent))
    return event.type === 'charge.dispute.created'
      ? ours(event.id, 'charge.ach_returned', intent.id, intent.metadata, { reason: dispute.reason })
      : [];
  return ours(event.id, event.type, intent.id, intent.metadata, {
    dispute_id: dispute.id,
    amount: dispute.amount,
    ...disputeDollars(event.type, dispute),
    reason: dispute.reason,
    status: dispute.status,
    evidence_due_by: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000).toISOString() : null,
  });
}

/**
 * A payment in another currency than USD: what Stripe settled on the account's USD balance, read
 * from its charge's balance transaction (amount in USD cents, exchange_rate, and the application
 * fee among fee_details), so the books keep the USD that actually arrived (docs/money-flows.md).
 * A USD payment carries nothing more.
 */
async function settlementOf(stripe: Stripe, event: Extract<PaymentEvent, { type: 'payment_intent.succeeded' }>): Promise<Data> {
  const intent = event.data.object;
  if (intent.currency === 'usd') return {};
  const chargeId = idOf(intent.latest_charge);
  if (!chargeId) throw new Error(`PaymentIntent ${intent.id} succeeded without a charge`);
  const onAccount = event.account ? { stripeAccount: event.account } : undefined;
  const charge = await stripe.charges.retrieve(chargeId, {}, onAccount);
  const transactionId = idOf(charge.balance_transaction);
  if (!transactionId) throw new Error(`Charge ${charge.id} has no balance transaction yet`);
  const transaction = await stripe.balanceTransactions.retrieve(transactionId, {}, onAccount);
  if (transaction.currency !== 'usd' || transaction.exchange_rate === null)
    throw new Error(`Charge ${charge.id} settled in ${transaction.currency}, not converted to USD`);
  const applicationFee = transaction.fee_details
    .filter((detail) => detail.type === 'application_fee')
    .reduce((total, detail) => total + detail.amount, 0);
  return { settled_usd: transaction.amount, settled_fee_usd: applicationFee, exchange_rate: String(transaction.exchange_rate) };
}

/**
 * Stripe's payment events (direct charges: they happen on the organisations' connected accounts)
 * as the sandbox's event types, so the invoices' handlers, state guards and ledger postings are
 * one code path; null for an event that is not about payments:
 * - payment_intent.succeeded / processing / payment_failed / canceled -> charge.succeeded /
 *   charge.processing (a bank verified, now debited) / charge.failed;
 * - charge.dispute.created / funds_withdrawn / funds_reinstated / closed -> the same for a card;
 *   for a bank debit, created -> charge.ach_returned (Stripe reports a return after settlement as a dispute);
 * - refund.created / refund.updated / refund.failed / charge.refund.updated -> refund.succeeded or
 *   refund.failed as its status says; charge.refunded -> refund.succeeded for each refund of the
 *   charge (read from Stripe), each once by the refund whatever number of events report it.
 */
export async function stripePaymentDomainEvents(stripe: Stripe, event: Stripe.Event): Promise<ProviderEventInput[] | null> {
  if (!isPaymentEvent(event)) return null;
  switch (event.type) {
    case 'payment_intent.succeeded':
      return ours(event.id, 'charge.succeeded', event.data.object.id, event.data.object.metadata, await settlementOf(stripe, event));
    case 'payment_intent.processing':
      return ours(event.id, 'charge.processing', event.data.object.id, event.data.object.metadata);
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      const reason = event.type === 'payment_intent.canceled' ? 'canceled' : (error?.decline_code ?? error?.code ?? 'payment_failed');
      return ours(event.id, 'charge.failed', intent.id, intent.metadata, { reason });
    }
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
    case 'charge.dispute.closed':
      return disputeEvents(stripe, event, event.data.object);
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return refundEvent(event.id, event.data.object);
    case 'charge.refunded': {
      const onAccount = event.account ? { stripeAccount: event.account } : undefined;
      const refunds = await stripe.refunds.list({ charge: event.data.object.id, limit: 100 }, onAccount);
      return refunds.data.flatMap((refund) =>
        refundEvent(`${event.id}:${refund.id}`, refund).filter((found) => found.type === 'refund.succeeded'),
      );
    }
    default:
      return unlisted(event);
  }
}

/** Reached by no listed type: a listed type without its case leaves `event` not `never`, and this does not compile. */
function unlisted(event: never): never {
  throw new Error(`unhandled Stripe event ${(event as Stripe.Event).type}`);
}
