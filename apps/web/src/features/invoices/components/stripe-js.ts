import { loadStripe, type Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js working on the organisation's own Stripe account (direct charges): the card's
 * PaymentMethod, its 3-D Secure step and the payer's bank login all happen there. One instance
 * per key and account, loaded once. Imported only by the pay page's lazy Stripe parts, so the
 * sandbox never downloads it.
 */
export function stripeFor(publishableKey: string, stripeAccount: string | null): Promise<Stripe | null> {
  const cacheKey = `${publishableKey} ${stripeAccount ?? ''}`;
  let stripe = loaded.get(cacheKey);
  if (!stripe) loaded.set(cacheKey, (stripe = loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined)));
  return stripe;
}
