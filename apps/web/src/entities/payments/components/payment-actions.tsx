import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { canManageWallets, paymentMessages, type PaymentRecord, type PaymentsFilter, type Role } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NoticeDialog, addFundsNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { BatchProgressDialog } from './batch-progress-dialog.tsx';
import { ExecuteConfirmDialog } from './execute-confirm-dialog.tsx';
import { executionLandingTab } from '../api/execution-landing.ts';
import { isQuoteExpired, useDeletePayments, useInitiatePayments, useSendReminders, type ExecutionSelection } from '../api/payments.ts';

/** matching: "Select all N matching" chose every draft of the list's filter, beyond the page. */
type Props = { selected: PaymentRecord[]; matching?: PaymentsFilter | null; onDone: () => void };

/**
 * Execute Payments (drafts and awaiting input; owners and admins, not for a delinquent organisation), Send email
 * reminder (awaiting input) and Delete (drafts and awaiting input) for the selected payments. With
 * every matching draft selected, Execute sends the filter (the server finds the drafts) and shows
 * the batch's progress; reminders and Delete stay with what the page shows.
 */
export function PaymentActions({ selected, matching = null, onDone }: Props) {
  const { data: user } = useCurrentUser();
  const { data: org } = useCurrentOrg();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isConfirmingExecute, setConfirmingExecute] = useState(false);
  const [batchId, setBatchId] = useState<string | null>(null);
  // One key per execution: a retry of the same confirmation is deduplicated, the next execution gets a new one.
  const [executionKey, setExecutionKey] = useState(() => crypto.randomUUID());
  const initiate = useInitiatePayments();
  const { pathname } = useLocation();
  const [, setParams] = useSearchParams();
  const remind = useSendReminders();
  const remove = useDeletePayments();
  const waiting = matching ? [] : selected.filter((row) => row.status === 'requires_info');
  // Document 001: draft and requires_info payments can be selected for execution. The server
  // executes the drafts; the awaiting ones are held already and go out when their details arrive.
  const executable = selected.filter((row) => row.status === 'draft' || row.status === 'requires_info');
  const deletable = matching ? [] : executable;
  const selection: ExecutionSelection = matching ? { filter: matching } : { ids: executable.map((row) => row.id) };
  const canExecute = user ? canManageWallets(user.role as Role) : false;

  const askToExecute = () => {
    if (org?.billing_status === 'delinquent') return setNotice(addFundsNotice(paymentMessages.delinquent));
    setConfirmingExecute(true);
  };
  const execute = (quoteIds: string[]) =>
    initiate.mutate(
      { body: { ...selection, ...(quoteIds.length > 0 ? { quote_ids: quoteIds } : {}) }, idempotencyKey: executionKey },
      {
        // The new quotes are a new confirmation: a new key.
        onError: (error) => isQuoteExpired(error) && setExecutionKey(crypto.randomUUID()),
        onSuccess: (answer) => {
          setExecutionKey(crypto.randomUUID());
          setConfirmingExecute(false);
          // A whole filter's drafts can be thousands of payouts: show them leave (this tab stays,
          // or the progress would close with the selection bar that holds it).
          if (matching && answer.batch_id) setBatchId(answer.batch_id);
          // Otherwise, on /payments, show the tab where the payments now are (Approvals when one is held).
          else if (pathname === '/payments') setParams({ tab: executionLandingTab(answer) });
          onDone();
        },
      },
    );

  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Tooltip title={canExecute ? '' : 'Only owners and admins can execute payments'}>
        <span>
          <Button
            variant="contained"
            disabled={!canExecute || (!matching && executable.length === 0) || initiate.isPending}
            onClick={askToExecute}
          >
            Execute Payments
          </Button>
        </span>
      </Tooltip>
      <Button
        variant="outlined"
        disabled={waiting.length === 0 || remind.isPending}
        onClick={() =>
          remind.mutate(
            waiting.map((row) => row.id),
            { onSuccess: onDone },
          )
        }
      >
        Send email reminder
      </Button>
      <Button
        variant="outlined"
        color="error"
        disabled={deletable.length === 0 || remove.isPending}
        onClick={() => setConfirmingDelete(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title="Delete payments"
        confirmLabel="Delete"
        isPending={remove.isPending}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(
            deletable.map((row) => row.id),
            {
              onSuccess: () => {
                setConfirmingDelete(false);
                onDone();
              },
            },
          )
        }
      >
        {`Delete ${deletable.length} payment${deletable.length === 1 ? '' : 's'}? Money held for payments awaiting input goes back to your wallet.`}
      </ConfirmDialog>
      <ExecuteConfirmDialog
        selection={selection}
        awaiting={waiting.length}
        isOpen={isConfirmingExecute}
        isPending={initiate.isPending}
        onClose={() => setConfirmingExecute(false)}
        onConfirm={execute}
      />
      <BatchProgressDialog batchId={batchId} onClose={() => setBatchId(null)} />
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
