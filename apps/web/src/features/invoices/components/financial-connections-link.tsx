import { useEffect, useRef } from 'react';
import type { BankChoice } from './bank-link-dialog.tsx';
import { stripeFor } from './stripe-js.ts';

type Props = {
  linkToken: string;
  publishableKey: string;
  stripeAccount: string | null;
  onClose: (error?: string) => void;
  onLinked: (bank: BankChoice) => void;
};

/**
 * Outside the sandbox the payer logs in to their bank in Stripe Financial Connections' own window
 * (Stripe.js's collectFinancialConnectionsAccounts with the Session's client secret): it hands
 * back the Session and the account they chose, verified at once; no account number reaches us.
 */
export default function FinancialConnectionsLink({ linkToken, publishableKey, stripeAccount, onClose, onLinked }: Props) {
  const isOpen = useRef(false);
  useEffect(() => {
    if (isOpen.current) return;
    isOpen.current = true;
    void (async () => {
      const stripe = await stripeFor(publishableKey, stripeAccount);
      if (!stripe) return onClose('Your bank could not be linked: please try again or pay by card.');
      const result = await stripe.collectFinancialConnectionsAccounts({ clientSecret: linkToken });
      const session = result.financialConnectionsSession;
      const account = session?.accounts[0];
      if (result.error || !session || !account) return onClose(result.error?.message);
      onLinked({
        public_token: session.id,
        account_id: account.id,
        label: `${account.institution_name} •••• ${account.last4 ?? ''}`.trim(),
      });
    })();
  }, [linkToken, publishableKey, stripeAccount, onClose, onLinked]);
  return null;
}
