import type Stripe from 'stripe';
import { ProviderCallError } from '../contract.ts';
import type { AppDeps } from '../../deps.ts';
import { callStripe, STRIPE_PROVIDER } from '../clients/stripe-client.ts';
import { stripeFor } from '../process-clients.ts';
import { createStripeBankLink } from './stripe-bank-link.ts';
import { createStripeRefunds } from './stripe-refunds.ts';
import type { CanceledCharge, ChargeMetadata, PaymentsInProvider, ProviderCharge } from './types.ts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Our ids travel as the PaymentIntent's metadata, so its events find our charge (docs/providers.md). */
const metadataOf = (orgId: string, metadata: ChargeMetadata) => ({ org_id: orgId, ...metadata });

/** On the organisation's connected account (a direct charge), with the call's key. */
const onAccount = (account: string | null, idempotencyKey?: string): Stripe.RequestOptions => ({
  ...(account ? { stripeAccount: account } : {}),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/**
 * A PaymentIntent just confirmed: processing or succeeded goes on (its webhook settles it);
 * requires_action waits for the payer (3-D Secure through Stripe.js with the client secret, or
 * the micro-deposits of a bank typed by hand), which is no failure; anything else is refused.
 */
function startedCharge(intent: Stripe.PaymentIntent): ProviderCharge {
  const created_at = new Date(intent.created * 1000).toISOString();
  if (intent.status === 'succeeded' || intent.status === 'processing')
    return { provider_id: intent.id, status: 'processing', action: null, created_at };
  if (intent.status === 'requires_action' && intent.client_secret) {
    const microdeposits = intent.next_action?.verify_with_microdeposits;
    const action = microdeposits
      ? { type: 'verify_bank' as const, client_secret: intent.client_secret, url: microdeposits.hosted_verification_url }
      : { type: 'authenticate' as const, client_secret: intent.client_secret, url: null };
    return { provider_id: intent.id, status: 'requires_action', action, created_at };
  }
  const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? `payment_${intent.status}`;
  throw new ProviderCallError({ code, retryable: false });
}

/** What a PaymentIntent is after a cancel was asked of it; null while it still waits (never canceled). */
function afterCancel(intent: Stripe.PaymentIntent): CanceledCharge | null {
  if (intent.status === 'canceled') return { outcome: 'canceled', reason: 'canceled' };
  if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'requires_capture')
    return { outcome: 'going_on', reason: null };
  if (intent.status === 'requires_payment_method') {
    const error = intent.last_payment_error;
    return { outcome: 'failed', reason: error?.decline_code ?? error?.code ?? 'payment_failed' };
  }
  return null;
}

/**
 * Invoice payments on Stripe, charged for the organisation: direct charges on its connected
 * account (Stripe-Account) with Crewpay's invoice fee as the application fee
 * (docs/decisions.md). A card is the PaymentMethod Stripe.js made on the pay page, confirmed
 * here with use_stripe_sdk so a 3-D Secure step comes back as requires_action for Stripe.js
 * (handleNextAction); a bank debit is the Financial Connections account the payer linked, with
 * the payer's name and the online mandate they accepted. Every request carries the outbox's
 * idempotency key. The outcomes arrive as Stripe events through POST /v1/webhooks/stripe
 * (providers/webhooks/stripe-payment-events.ts). The account's payouts go to its own
 * financial account daily (payOutToWallet), so the money ends in the wallet, spendable once the
 * payout is paid (payout.* events, providers/webhooks/stripe-treasury-events.ts).
 */
export function createStripePaymentsIn(deps: Pick<AppDeps, 'config' | 'kernel'>): PaymentsInProvider {
  const stripe = () => stripeFor(deps);
  const fee = (amount: number) => (amount > 0 ? { application_fee_amount: amount } : {});
  return {
    name: STRIPE_PROVIDER,
    ...createStripeBankLink(stripe),
    ...createStripeRefunds(stripe),

    async describeCard(options) {
      if (!/^pm_\w{1,200}$/.test(options.token)) return null;
      try {
        const method = await stripe().paymentMethods.retrieve(options.token, {}, onAccount(options.account));
        if (!method.card) return null;
        return { brand: BRANDS[method.card.brand] ?? 'Card', last4: method.card.last4 };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    async chargeCard(options) {
      const intent = await callStripe(() =>
        stripe().paymentIntents.create(
          {
            amount: options.amount,
            // The invoice's currency (presentment); Stripe settles it in USD on the account's balance.
            currency: options.currency ?? 'usd',
            payment_method: options.token,
            allowed_payment_method_types: ['card'],
            confirm: true,
            use_stripe_sdk: true,
            ...fee(options.fee),
            metadata: metadataOf(options.org_id, options.metadata),
          },
          onAccount(options.account, options.idempotency_key),
        ),
      );
      return startedCharge(intent);
    },

    async findCharge(options) {
      // Listing is consistent at once (search is not): the account's PaymentIntents since then, our charge id in their metadata.
      let startingAfter: string | undefined;
      for (;;) {
        const page = await callStripe(() =>
          stripe().paymentIntents.list(
            { created: { gte: options.since }, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
            onAccount(options.account),
          ),
        );
        const intent = page.data.find((candidate) => candidate.metadata.charge_id === options.charge_id);
        if (intent) return startedCharge(intent);
        if (!page.has_more || page.data.length === 0) return null;
        startingAfter = page.data.at(-1)!.id;
      }
    },

    async cancelCharge(options) {
      const id = options.provider_charge_id;
      try {
        const intent = await callStripe(() =>
          stripe().paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, onAccount(options.account, options.idempotency_key)),
        );
        const canceled = afterCancel(intent);
        if (canceled) return canceled;
      } catch (error) {
        // Stripe refuses to cancel a PaymentIntent that went on meanwhile (succeeded, processing): read what it is.
        if (!(error instanceof ProviderCallError) || error.code !== 'payment_intent_unexpected_state') throw error;
      }
      const intent = await callStripe(() => stripe().paymentIntents.retrieve(id, {}, onAccount(options.account)));
      const now = afterCancel(intent);
      if (!now) throw new ProviderCallError({ code: `payment_${intent.status}`, retryable: true });
      return now;
    },

    async chargeAfterCancel(options) {
      const intent = await callStripe(() => stripe().paymentIntents.retrieve(options.provider_charge_id, {}, onAccount(options.account)));
      return afterCancel(intent);
    },

    async debitBank(options) {
      const { source } = options;
      const bank =
        source.kind === 'financial_connections'
          ? { financial_connections_account: source.account }
          : { account_holder_type: 'individual' as const, account_number: source.account_number, routing_number: source.routing_number };
      const intent = await callStripe(() =>
        stripe().paymentIntents.create(
          {
            amount: options.amount,
            currency: 'usd',
            ...(source.kind === 'financial_connections' ? { customer: source.customer } : {}),
            allowed_payment_method_types: ['us_bank_account'],
            payment_method_data: {
              type: 'us_bank_account',
              us_bank_account: bank,
              billing_details: { name: options.payer.name, ...(options.payer.email ? { email: options.payer.email } : {}) },
            },
            mandate_data: {
              customer_acceptance: {
                type: 'online',
                accepted_at: Math.floor(Date.parse(options.mandate.accepted_at) / 1000),
                online: { ip_address: options.mandate.ip_address, user_agent: options.mandate.user_agent },
              },
            },
            confirm: true,
            ...fee(options.fee),
            metadata: metadataOf(options.org_id, options.metadata),
          },
          onAccount(options.account, options.idempotency_key),
        ),
      );
      return startedCharge(intent);
    },

    async payOutToWallet(options) {
      if (!options.account) return;
      const account = options.account;
      const existing = await callStripe(() => stripe().accounts.listExternalAccounts(account, { object: 'bank_account', limit: 100 }));
      const isWallet = (bank: Stripe.BankAccount | Stripe.Card) =>
        bank.object === 'bank_account' &&
        bank.routing_number === options.routing_number &&
        bank.last4 === options.account_number.slice(-4) &&
        bank.default_for_currency === true;
      if (existing.data.some(isWallet)) return;
      // The product's payout schedule (docs/decisions.md): every day, as soon as Stripe allows, the
      // available payments balance goes to the financial account, where it becomes spendable.
      await callStripe(() =>
        stripe().accounts.update(
          account,
          { settings: { payouts: { schedule: { interval: 'daily', delay_days: 'minimum' } } } },
          { idempotencyKey: `payments_in.payout_schedule:${options.org_id}` },
        ),
      );
      // Stripe's Treasury guide: the financial account's numbers as the account's default external account for usd.
      await callStripe(() =>
        stripe().accounts.createExternalAccount(
          account,
          {
            external_account: {
              object: 'bank_account',
              country: 'US',
              currency: 'usd',
              routing_number: options.routing_number,
              account_number: options.account_number,
            },
            default_for_currency: true,
          },
          { idempotencyKey: `payments_in.payout_destination:${options.org_id}:${options.account_number.slice(-4)}` },
        ),
      );
    },
  };
}
