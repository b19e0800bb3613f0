import { lazy, Suspense } from 'react';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { BankLinkDialog, type BankChoice } from './bank-link-dialog.tsx';

type Props = { linkToken: string; stripeAccount: string | null; onClose: (error?: string) => void; onLinked: (bank: BankChoice) => void };

// Stripe.js is only downloaded where the real processor is configured (never in the sandbox).
const FinancialConnectionsLink = lazy(() => import('./financial-connections-link.tsx'));

/** The bank link: Stripe Financial Connections outside the sandbox, the sandbox's own stand-in in it. */
export function BankLink(props: Props) {
  const { data: meta } = useServerMeta();
  if (!meta) return null;
  if (meta.sandbox || !meta.stripe_publishable_key)
    return <BankLinkDialog linkToken={props.linkToken} onClose={() => props.onClose()} onLinked={props.onLinked} />;
  return (
    <Suspense fallback={null}>
      <FinancialConnectionsLink {...props} publishableKey={meta.stripe_publishable_key} />
    </Suspense>
  );
}
