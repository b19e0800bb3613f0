import { lazy, Suspense } from 'react';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { BankLinkDialog, type BankChoice } from './bank-link-dialog.tsx';

type Props = { linkToken: string; onClose: () => void; onLinked: (bank: BankChoice) => void };

// Plaid's script is only downloaded where the real bank link is configured (never in the sandbox).
const PlaidLink = lazy(() => import('./plaid-link.tsx'));

/** The bank link: Plaid Link outside the sandbox, the sandbox's own stand-in in it. */
export function BankLink(props: Props) {
  const { data: meta } = useServerMeta();
  if (!meta) return null;
  if (meta.sandbox) return <BankLinkDialog {...props} />;
  return (
    <Suspense fallback={null}>
      <PlaidLink {...props} />
    </Suspense>
  );
}
