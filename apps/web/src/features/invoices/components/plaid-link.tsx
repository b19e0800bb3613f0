import { useEffect } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import type { BankChoice } from './bank-link-dialog.tsx';

type Props = {
  linkToken: string;
  onClose: () => void;
  onLinked: (bank: BankChoice) => void;
  /** On /oauth-redirect: the address the bank sent the payer back to, so Link finishes the OAuth login. */
  receivedRedirectUri?: string;
};

/**
 * Outside the sandbox the payer links their bank in Plaid Link itself (Plaid's script and frame):
 * it hands back a public token and the chosen account, which our server exchanges for the numbers.
 */
export default function PlaidLink({ linkToken, onClose, onLinked, receivedRedirectUri }: Props) {
  const { open, ready } = usePlaidLink({
    token: linkToken,
    receivedRedirectUri,
    onSuccess: (publicToken, metadata) => {
      const account = metadata.accounts[0];
      if (!publicToken || !account) return onClose();
      onLinked({ public_token: publicToken, account_id: account.id, label: `${account.name} •••• ${account.mask ?? ''}`.trim() });
    },
    onExit: () => onClose(),
  });
  useEffect(() => {
    if (ready) open();
  }, [ready, open]);
  return null;
}
