import type Stripe from 'stripe';
import { ProviderCallError } from '../contract.ts';
import { callStripe, STRIPE_PROVIDER, stripeClient, type StripeSettings } from '../clients/stripe-client.ts';
import type { ChargeMetadata, PaymentsInProvider, ProviderCharge } from './types.ts';

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

/** A PaymentIntent just confirmed: processing or succeeded goes on (its webhook settles it); anything else is refused. */
function startedCharge(intent: Stripe.PaymentIntent): ProviderCharge {
  if (intent.status === 'succeeded' || intent.status === 'processing')
    return { provider_id: intent.id, status: 'processing', created_at: new Date(intent.created * 1000).toISOString() };
  const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? `payment_${intent.status}`;
  throw new ProviderCallError({ code, retryable: false });
}

/**
 * Invoice payments on Stripe: PaymentIntents confirmed server-side for a card (the PaymentMethod
 * Stripe.js made on the pay page) and for a US bank account (ACH Direct Debit, offline mandate).
 * Every request carries the outbox's idempotency key. A declined card answers a permanent
 * error, as the sandbox does; the outcome (succeeded, failed, disputed, returned) arrives as
 * Stripe events through POST /v1/webhooks/stripe (providers/webhooks/stripe-events.ts).
 */
export function createStripePaymentsIn(settings: StripeSettings): Omit<PaymentsInProvider, 'createLinkToken' | 'exchangePublicToken'> {
  const stripe = stripeClient(settings);
  return {
    name: STRIPE_PROVIDER,

    async describeCard(token) {
      if (!/^pm_\w{1,200}$/.test(token)) return null;
      try {
        const method = await stripe.paymentMethods.retrieve(token);
        if (!method.card) return null;
        return { brand: BRANDS[method.card.brand] ?? 'Card', last4: method.card.last4 };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    async chargeCard(options) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: options.amount,
            currency: 'usd',
            payment_method: options.token,
            allowed_payment_method_types: ['card'],
            confirm: true,
            metadata: metadataOf(options.org_id, options.metadata),
          },
          { idempotencyKey: options.idempotency_key },
        ),
      );
      return startedCharge(intent);
    },

    async debitBank(options) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: options.amount,
            currency: 'usd',
            allowed_payment_method_types: ['us_bank_account'],
            payment_method_data: {
              type: 'us_bank_account',
              us_bank_account: {
                account_holder_type: 'individual',
                account_number: options.account_number,
                routing_number: options.routing_number,
              },
              billing_details: { name: `Invoice ${options.metadata.invoice_id}` },
            },
            mandate_data: { customer_acceptance: { type: 'offline' } },
            confirm: true,
            metadata: metadataOf(options.org_id, options.metadata),
          },
          { idempotencyKey: options.idempotency_key },
        ),
      );
      return startedCharge(intent);
    },
  };
}
