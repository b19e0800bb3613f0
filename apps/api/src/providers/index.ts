import { STRIPE_PROVIDER } from './clients/stripe-client.ts';
import { PAYOUT_RAILS_PROVIDER } from './payouts/live-payouts.ts';
import { SANDBOX_PROVIDER } from './sandbox-events.ts';

/**
 * What the composition root (src/wiring.ts) takes of the providers as a whole. Each capability's
 * index.ts chooses its sandbox or its real adapter (SANDBOX); providers/readiness.ts refuses to
 * start live while a key they need is missing.
 */

/** The provider names the real adapters record their calls under (their operations are registered for each). */
const LIVE_PROVIDERS = [STRIPE_PROVIDER, PAYOUT_RAILS_PROVIDER] as const;

/** The money rails' provider names, the sandbox's first: a module's rails operation is declared under each (events/kernel.ts underProviders). */
export const RAILS_PROVIDERS: readonly string[] = [SANDBOX_PROVIDER, ...LIVE_PROVIDERS];

export { liveWebhookVerifiers } from './webhooks/index.ts';

/**
 * Every event type the providers send (sandbox and real alike: the real adapters map their
 * vendors' events onto these, docs/providers.md). Each must have a handler: src/wiring.ts refuses
 * to start otherwise.
 */
export const PROVIDER_EVENT_TYPES = [
  // payouts: a payout's outcome
  'payout.paid',
  'payout.failed',
  'payout.returned',
  // a PayPal or Venmo item PayPal holds (unclaimed, on hold): the money is with PayPal, nothing settles yet
  'payout.held',
  // payments-in: a card charge or bank debit of an invoice, its refunds and disputes
  'charge.succeeded',
  'charge.processing',
  'charge.failed',
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
  'charge.ach_returned',
  'refund.succeeded',
  'refund.failed',
  // banking: what the provider still needs of the organisation's account (requirements, capabilities)
  'account.updated',
  // banking: the wallet's bank link, its money movements, its account
  'setup_intent.succeeded',
  'setup_intent.verification_failed',
  'treasury.inbound_transfer.succeeded',
  'treasury.inbound_transfer.failed',
  'treasury.inbound_transfer.returned',
  'treasury.outbound_payment.posted',
  'treasury.outbound_payment.failed',
  'treasury.outbound_payment.returned',
  'treasury.received_credit.succeeded',
  'treasury.received_credit.failed',
  // banking: money that moved on the financial account without a call of ours, and reversals
  'treasury.received_debit.succeeded',
  'treasury.credit_reversal.created',
  'treasury.debit_reversal.completed',
  // banking: the payments balance paid out to the financial account (invoice money arriving)
  'treasury.balance_payout.created',
  'treasury.balance_payout.paid',
  'treasury.balance_payout.failed',
  'treasury.financial_account.address_ready',
  // sms: a text's final status; a reply STOP or START from a number
  'sms.delivered',
  'sms.failed',
  'sms.opted_out',
  'sms.opted_in',
  // esign: a contract signed by everyone
  'signature_request.signed',
  // esign at Dropbox Sign: its signer signed (the file is fetched next) or declined; a template saved in its editor
  'signature_request.all_signed',
  'signature_request.declined',
  'template.created',
  // payouts abroad (Nium): a remittance's statuses (webhooks, the sandbox's events, the sweep's reads); an RFI raised or answered
  'nium.remittance.rfi_requested',
  'nium.remittance.rfi_responded',
  'nium.remittance.compliance_completed',
  'nium.remittance.compliance_changed',
  'nium.remittance.sent_to_bank',
  'nium.remittance.paid',
  'nium.remittance.returned',
  'nium.remittance.rejected',
  'nium.remittance.expired',
  'nium.remittance.failed',
  'nium.remittance.cancelled',
] as const;
