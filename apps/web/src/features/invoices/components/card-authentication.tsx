import { lazy, Suspense } from 'react';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { SandboxAuthenticationDialog } from './sandbox-authentication-dialog.tsx';

type Props = { clientSecret: string; amount: number; stripeAccount: string | null; onDone: () => void; onAnotherMethod: () => void };

// Stripe.js is only downloaded where the real processor is configured (never in the sandbox).
const StripeAuthentication = lazy(() => import('./stripe-authentication.tsx'));

/** The card issuer's 3-D Secure step: in Stripe.js outside the sandbox, the sandbox's own page in it. */
export function CardAuthentication(props: Props) {
  const { data: meta } = useServerMeta();
  if (!meta) return null;
  if (!meta.stripe_publishable_key) return <SandboxAuthenticationDialog {...props} />;
  return (
    <Suspense fallback={null}>
      <StripeAuthentication
        clientSecret={props.clientSecret}
        stripeAccount={props.stripeAccount}
        onDone={props.onDone}
        publishableKey={meta.stripe_publishable_key}
      />
    </Suspense>
  );
}
