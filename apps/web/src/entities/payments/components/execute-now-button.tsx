import { useState } from 'react';
import Button from '@mui/material/Button';
import { canManageWallets, paymentMessages, type InitiateAnswer, type PaymentRecord, type Role } from '@crewpay/core';
import { NoticeDialog, addFundsNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { isQuoteExpired, useInitiatePayments } from '../api/payments.ts';
import { ExecuteConfirmDialog } from './execute-confirm-dialog.tsx';

type Props = { payments: PaymentRecord[]; onExecuted: (answer: InitiateAnswer) => void };

/**
 * "Execute now" for payments just created: the Execute flow of the payments list (the same
 * confirmation with the total, the same rules: owners and admins, not while billing is
 * delinquent) for exactly these payments, so they need not be found again among the drafts.
 */
export function ExecuteNowButton({ payments, onExecuted }: Props) {
  const { data: user } = useCurrentUser();
  const { data: org } = useCurrentOrg();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  // One key per execution, kept across retries of the same confirmation (as the payments list does).
  const [executionKey, setExecutionKey] = useState(() => crypto.randomUUID());
  const initiate = useInitiatePayments();
  const ids = payments.filter((row) => row.status === 'draft' || row.status === 'requires_info').map((row) => row.id);
  if (!user || !canManageWallets(user.role as Role) || ids.length === 0) return null;

  const ask = () => {
    if (org?.billing_status === 'delinquent') return setNotice(addFundsNotice(paymentMessages.delinquent));
    setConfirming(true);
  };
  const execute = (quoteIds: string[]) =>
    initiate.mutate(
      { body: { ids, ...(quoteIds.length > 0 ? { quote_ids: quoteIds } : {}) }, idempotencyKey: executionKey },
      {
        // The new quotes are a new confirmation: a new key.
        onError: (error) => isQuoteExpired(error) && setExecutionKey(crypto.randomUUID()),
        onSuccess: (answer) => {
          setConfirming(false);
          onExecuted(answer);
        },
      },
    );

  return (
    <>
      <Button variant="outlined" onClick={ask} disabled={initiate.isPending}>
        Execute now
      </Button>
      <ExecuteConfirmDialog
        selection={{ ids }}
        isOpen={isConfirming}
        isPending={initiate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={execute}
      />
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
