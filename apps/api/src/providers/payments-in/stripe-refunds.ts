import type Stripe from 'stripe';
import { ProviderCallError } from '../contract.ts';
import { callStripe } from '../clients/stripe-client.ts';
import type { PaymentsInProvider } from './types.ts';

type RefundPart = Pick<PaymentsInProvider, 'refund' | 'refundFee' | 'findRefund' | 'findFeeRefund'>;
const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/**
 * Refunds of direct charges: the refund is made on the connected account that took the payment
 * (its balance gives the money back, as Stripe documents for direct charges); Crewpay's share of
 * its application fee goes back on its own (POST /v1/application_fees/:id/refunds, on the
 * platform), for the amount our ledger computed, so both books say the same cents. Each request
 * carries a key derived from our row.
 */
export function createStripeRefunds(stripe: () => Stripe): RefundPart {
  const onAccount = (account: string | null) => (account ? { stripeAccount: account } : {});

  async function applicationFeeOf(account: string | null, paymentIntentId: string): Promise<string> {
    const intent = await callStripe(() =>
      stripe().paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }, onAccount(account)),
    );
    const charge = intent.latest_charge as Stripe.Charge | string | null;
    const chargeObject =
      typeof charge === 'string' ? await callStripe(() => stripe().charges.retrieve(charge, {}, onAccount(account))) : charge;
    const fee = chargeObject?.application_fee;
    const feeId = typeof fee === 'string' ? fee : fee?.id;
    if (!feeId) throw new ProviderCallError({ code: 'application_fee_missing', retryable: false });
    return feeId;
  }

  return {
    async refund(options) {
      const refund = await callStripe(() =>
        stripe().refunds.create(
          {
            payment_intent: options.provider_charge_id,
            amount: options.amount,
            ...(options.reason && REFUND_REASONS.has(options.reason) ? { reason: options.reason as Stripe.RefundCreateParams.Reason } : {}),
            metadata: { org_id: options.org_id, ...options.metadata },
          },
          { ...onAccount(options.account), idempotencyKey: options.idempotency_key },
        ),
      );
      return { provider_id: refund.id };
    },

    async refundFee(options) {
      if (options.amount <= 0) return;
      const feeId = await applicationFeeOf(options.account, options.provider_charge_id);
      await callStripe(() =>
        stripe().applicationFees.createRefund(
          feeId,
          // The key in metadata: a refund whose answer was lost is found by it (findFeeRefund).
          { amount: options.amount, metadata: { fee_refund: options.idempotency_key } },
          { idempotencyKey: options.idempotency_key },
        ),
      );
    },

    async findRefund(options) {
      // The payment's refunds (a list is consistent at once), our refund id in their metadata.
      let startingAfter: string | undefined;
      for (;;) {
        const page = await callStripe(() =>
          stripe().refunds.list(
            { payment_intent: options.provider_charge_id, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
            onAccount(options.account),
          ),
        );
        const refund = page.data.find((candidate) => candidate.metadata?.refund_id === options.refund_id);
        if (refund) {
          if (refund.status === 'failed' || refund.status === 'canceled')
            throw new ProviderCallError({ code: refund.failure_reason ?? `refund_${refund.status}`, retryable: false });
          return { provider_id: refund.id };
        }
        if (!page.has_more || page.data.length === 0) return null;
        startingAfter = page.data.at(-1)!.id;
      }
    },

    async findFeeRefund(options) {
      const feeId = await applicationFeeOf(options.account, options.provider_charge_id);
      let startingAfter: string | undefined;
      for (;;) {
        const page = await callStripe(() =>
          stripe().applicationFees.listRefunds(feeId, { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) }),
        );
        if (page.data.some((refund) => refund.metadata?.fee_refund === options.idempotency_key)) return true;
        if (!page.has_more || page.data.length === 0) return false;
        startingAfter = page.data.at(-1)!.id;
      }
    },
  };
}
