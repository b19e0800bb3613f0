import { useEffect, useRef } from 'react';
import { stripeFor } from './stripe-js.ts';

type Props = { clientSecret: string; publishableKey: string; stripeAccount: string | null; onDone: () => void };

/**
 * Outside the sandbox the card issuer's 3-D Secure step runs in Stripe.js (handleNextAction with
 * the PaymentIntent's client secret: "finalizing payments on the server"). Whatever the payer
 * does, the outcome is Stripe's to report: the page asks the server again once it is over.
 */
export default function StripeAuthentication({ clientSecret, publishableKey, stripeAccount, onDone }: Props) {
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === clientSecret) return;
    started.current = clientSecret;
    void (async () => {
      const stripe = await stripeFor(publishableKey, stripeAccount);
      if (stripe) await stripe.handleNextAction({ clientSecret });
      onDone();
    })();
  }, [clientSecret, publishableKey, stripeAccount, onDone]);
  return null;
}
