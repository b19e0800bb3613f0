import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts } from '../../db/schema/index.ts';
import type { ProviderEventInput } from '../contract.ts';
import { ABA_NUMBER_EXPANSION, abaNumbers } from '../banking/stripe-treasury.ts';
import { accountState } from '../banking/stripe-onboarding.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EventDeps = Pick<AppDeps, 'db' | 'secrets'>;
type Data = Record<string, string | null | undefined>;

/** Our event for a Stripe object carrying our org_id in its metadata; objects of other integrations are ignored. */
function ours(
  event: Stripe.Event,
  type: string,
  objectId: string,
  metadata: Record<string, string>,
  data: Data = {},
): ProviderEventInput[] {
  const { org_id: orgId, ...rest } = metadata;
  if (!orgId || !UUID.test(orgId)) return [];
  const extra = Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return [{ id: event.id, type, org_id: orgId, object_id: objectId, data: { ...rest, ...extra } }];
}

/** The organisation whose financial account this is (a ReceivedCredit carries no metadata of ours). */
async function orgOfFinancialAccount(deps: EventDeps, financialAccountId: string | null): Promise<string | null> {
  if (!financialAccountId) return null;
  const [row] = await deps.db
    .select({ org_id: financialAccounts.org_id })
    .from(financialAccounts)
    .where(eq(financialAccounts.provider_account_id, financialAccountId));
  return row?.org_id ?? null;
}

const PAYOUT_TYPES = { posted: 'payout.paid', failed: 'payout.failed', returned: 'payout.returned' } as const;

/** An OutboundPayment is a wallet transfer out (our treasury transaction) or a payee's bank payout (our payment). */
const outboundType = (payment: Stripe.Treasury.OutboundPayment, outcome: keyof typeof PAYOUT_TYPES) =>
  payment.metadata.payment_id ? PAYOUT_TYPES[outcome] : `treasury.outbound_payment.${outcome}`;

/** Crewpay's own fee moving between the organisation's and the platform's financial accounts: booked by us already, not a wallet event. */
const isFeeTransfer = (metadata: Record<string, string> | null | undefined) => Boolean(metadata?.fee_transfer);

/** A credit over the stripe network from the platform's OutboundPayment of a fee refund (booked by us already). */
async function isFeeRefundCredit(stripe: Stripe, credit: Stripe.Treasury.ReceivedCredit): Promise<boolean> {
  const source = credit.linked_flows.source_flow;
  if (credit.network !== 'stripe' || credit.linked_flows.source_flow_type !== 'outbound_payment' || !source) return false;
  try {
    return isFeeTransfer((await stripe.treasury.outboundPayments.retrieve(source)).metadata);
  } catch {
    // Not one of the platform's: another account paid this organisation.
    return false;
  }
}

/**
 * A money movement on the financial account that no call of ours started (an outside ACH debit on
 * the wallet's numbers, a credit that failed, a credit or debit reversal): the organisation is
 * the financial account's; the object's id makes it once.
 */
async function outsideMovement(
  deps: EventDeps,
  event: Stripe.Event,
  type: string,
  object: { id: string; amount: number; financial_account: string | null; network?: string; status?: string },
): Promise<ProviderEventInput[]> {
  const orgId = await orgOfFinancialAccount(deps, object.financial_account);
  if (!orgId) return [];
  // A ReceivedDebit that failed (the account could not cover it) moved no money.
  if (type === 'treasury.received_debit.succeeded' && object.status !== 'succeeded') return [];
  return [
    { id: event.id, type, org_id: orgId, object_id: object.id, data: { amount: String(object.amount), network: object.network ?? '' } },
  ];
}

/** The organisation whose connected account this is (an automatic payout carries no metadata of ours). */
async function orgOfConnectedAccount(deps: EventDeps, account: string | undefined): Promise<string | null> {
  if (!account) return null;
  const [row] = await deps.db
    .select({ org_id: financialAccounts.org_id })
    .from(financialAccounts)
    .where(eq(financialAccounts.provider_connected_account_id, account));
  return row?.org_id ?? null;
}

/**
 * A payout of the connected account's payments balance to its financial account (the payout
 * schedule, docs/money-flows.md): created (in transit), paid (in the financial account), failed
 * (back in the balance). The platform's own payouts (no account) are not an organisation's.
 */
async function balancePayout(deps: EventDeps, event: Stripe.Event, payout: Stripe.Payout): Promise<ProviderEventInput[]> {
  const orgId = await orgOfConnectedAccount(deps, event.account);
  if (!orgId) return [];
  const step = event.type.slice('payout.'.length);
  return [
    {
      id: event.id,
      type: `treasury.balance_payout.${step}`,
      org_id: orgId,
      object_id: payout.id,
      data: {
        amount: String(payout.amount),
        arrival_date: new Date(payout.arrival_date * 1000).toISOString(),
        ...(payout.failure_code ? { reason: payout.failure_code } : {}),
      },
    },
  ];
}

/**
 * The Stripe event types this file turns into our events: the switch below is type-checked
 * against it (a case not listed, or a listed type without a case, does not compile), and the
 * webhook endpoints subscribe to it (stripe-endpoints.ts), so the two cannot drift.
 */
export const STRIPE_TREASURY_EVENT_TYPES = [
  'account.updated',
  'setup_intent.succeeded',
  'setup_intent.setup_failed',
  'setup_intent.canceled',
  'treasury.inbound_transfer.succeeded',
  'treasury.inbound_transfer.failed',
  'treasury.inbound_transfer.canceled',
  'treasury.received_debit.created',
  'treasury.outbound_payment.posted',
  'treasury.outbound_payment.failed',
  'treasury.outbound_payment.canceled',
  'treasury.outbound_payment.returned',
  'treasury.received_credit.created',
  'treasury.received_credit.succeeded',
  'treasury.received_credit.failed',
  'treasury.credit_reversal.created',
  'treasury.debit_reversal.completed',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'treasury.financial_account.features_status_updated',
] as const satisfies readonly Stripe.Event.Type[];

type TreasuryEvent = Extract<Stripe.Event, { type: (typeof STRIPE_TREASURY_EVENT_TYPES)[number] }>;
const isTreasuryEvent = (event: Stripe.Event): event is TreasuryEvent =>
  (STRIPE_TREASURY_EVENT_TYPES as readonly string[]).includes(event.type);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe Treasury's events (sent to the Connect endpoint: they happen on the organisations'
 * connected accounts, event.account) as the sandbox bank's event types, so treasury's handlers,
 * state guards and ledger postings are the same for both:
 * - setup_intent.succeeded -> setup_intent.succeeded (the verified PaymentMethod);
 *   setup_intent.setup_failed / canceled -> setup_intent.verification_failed;
 * - treasury.inbound_transfer.succeeded / failed / canceled (-> failed); an InboundTransfer
 *   returned after it succeeded shows as a ReceivedDebit linked to it
 *   (treasury.received_debit.created) -> treasury.inbound_transfer.returned;
 * - treasury.outbound_payment.posted / failed / canceled (-> failed) / returned; a payee's bank
 *   payout (metadata payment_id) -> payout.paid / payout.failed / payout.returned;
 * - treasury.received_credit.created or succeeded, when succeeded -> treasury.received_credit.succeeded;
 * - a ReceivedDebit not linked to an InboundTransfer (an outside ACH debit on the wallet's numbers)
 *   -> treasury.received_debit.succeeded; treasury.received_credit.failed,
 *   treasury.credit_reversal.created and treasury.debit_reversal.completed as they are;
 * - payout.created / paid / failed on a connected account (its payments balance paid out to its
 *   financial account) -> treasury.balance_payout.created / paid / failed;
 * - treasury.financial_account.features_status_updated, once the ABA address is active ->
 *   treasury.financial_account.address_ready (the account number sealed, never stored in clear).
 */
export async function stripeTreasuryDomainEvents(
  stripe: Stripe,
  deps: EventDeps,
  event: Stripe.Event,
): Promise<ProviderEventInput[] | null> {
  if (!isTreasuryEvent(event)) return null;
  const onAccount = event.account ? { stripeAccount: event.account } : undefined;
  if (event.type.startsWith('treasury.outbound_payment.') && isFeeTransfer((event.data.object as Stripe.Treasury.OutboundPayment).metadata))
    return [];
  switch (event.type) {
    case 'account.updated': {
      const account = event.data.object;
      // What Stripe still needs of the organisation (requirements, capabilities), kept newest first by the event's time.
      return ours(event, 'account.updated', account.id, account.metadata ?? {}, {
        state: JSON.stringify(accountState(account, event.created)),
      });
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      return ours(event, 'setup_intent.succeeded', intent.id, intent.metadata ?? {}, { payment_method_id: idOf(intent.payment_method) });
    }
    case 'setup_intent.setup_failed':
    case 'setup_intent.canceled': {
      const intent = event.data.object;
      const reason = intent.last_setup_error?.code ?? (event.type === 'setup_intent.canceled' ? 'canceled' : 'setup_failed');
      return ours(event, 'setup_intent.verification_failed', intent.id, intent.metadata ?? {}, { reason });
    }
    case 'treasury.inbound_transfer.succeeded': {
      const transfer = event.data.object;
      return ours(event, 'treasury.inbound_transfer.succeeded', transfer.id, transfer.metadata);
    }
    case 'treasury.inbound_transfer.failed':
    case 'treasury.inbound_transfer.canceled': {
      const transfer = event.data.object;
      const reason = transfer.failure_details?.code ?? (event.type === 'treasury.inbound_transfer.canceled' ? 'canceled' : 'failed');
      return ours(event, 'treasury.inbound_transfer.failed', transfer.id, transfer.metadata, { reason });
    }
    case 'treasury.received_debit.created': {
      const transferId = event.data.object.linked_flows.inbound_transfer;
      if (!transferId) return outsideMovement(deps, event, 'treasury.received_debit.succeeded', event.data.object);
      const transfer = await stripe.treasury.inboundTransfers.retrieve(transferId, {}, onAccount);
      if (!transfer.returned) return [];
      const reason = transfer.failure_details?.code ?? 'returned';
      return ours(event, 'treasury.inbound_transfer.returned', transfer.id, transfer.metadata, { reason });
    }
    case 'treasury.outbound_payment.posted': {
      const payment = event.data.object;
      return ours(event, outboundType(payment, 'posted'), payment.id, payment.metadata);
    }
    case 'treasury.outbound_payment.failed':
    case 'treasury.outbound_payment.canceled': {
      const payment = event.data.object;
      return ours(event, outboundType(payment, 'failed'), payment.id, payment.metadata, {
        reason: event.type === 'treasury.outbound_payment.canceled' ? 'canceled' : 'failed',
      });
    }
    case 'treasury.outbound_payment.returned': {
      const payment = event.data.object;
      return ours(event, outboundType(payment, 'returned'), payment.id, payment.metadata, {
        reason: payment.returned_details?.code ?? 'returned',
      });
    }
    case 'treasury.received_credit.created':
    case 'treasury.received_credit.succeeded': {
      const credit = event.data.object;
      const orgId = await orgOfFinancialAccount(deps, credit.financial_account);
      if (credit.status !== 'succeeded' || !orgId || (await isFeeRefundCredit(stripe, credit))) return [];
      // A payout of the account's own payments balance (invoices paid, docs/money-flows.md): booked when the charge settled.
      if (credit.linked_flows.source_flow_type === 'payout') return [];
      // One credit may come as created and as succeeded: its id, not the event's, makes it once (the handler keys on it).
      return [
        {
          id: event.id,
          type: 'treasury.received_credit.succeeded',
          org_id: orgId,
          object_id: credit.id,
          data: { amount: String(credit.amount), network: credit.network, description: credit.description.slice(0, 200) },
        },
      ];
    }
    case 'treasury.received_credit.failed':
      return outsideMovement(deps, event, 'treasury.received_credit.failed', event.data.object);
    case 'treasury.credit_reversal.created':
      return outsideMovement(deps, event, 'treasury.credit_reversal.created', event.data.object);
    case 'treasury.debit_reversal.completed':
      return outsideMovement(deps, event, 'treasury.debit_reversal.completed', event.data.object);
    case 'payout.created':
    case 'payout.paid':
    case 'payout.failed':
      return balancePayout(deps, event, event.data.object);
    case 'treasury.financial_account.features_status_updated': {
      const account = await stripe.treasury.financialAccounts.retrieve(event.data.object.id, { expand: ABA_NUMBER_EXPANSION }, onAccount);
      const numbers = abaNumbers(account);
      if (!numbers) return [];
      return ours(event, 'treasury.financial_account.address_ready', account.id, account.metadata ?? {}, {
        account_number_sealed: deps.secrets.encrypt(numbers.account_number),
        account_last4: numbers.account_number.slice(-4),
        routing_number: numbers.routing_number,
      });
    }
    default:
      return unlisted(event);
  }
}

/** Reached by no listed type: a listed type without its case leaves `event` not `never`, and this does not compile. */
function unlisted(event: never): never {
  throw new Error(`unhandled Stripe event ${(event as Stripe.Event).type}`);
}
