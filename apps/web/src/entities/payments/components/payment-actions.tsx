import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { canManageWallets, paymentMessages, type PaymentRecord, type Role } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NoticeDialog, addFundsNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { ExecuteConfirmDialog } from './execute-confirm-dialog.tsx';
import { useDeletePayments, useInitiatePayments, useSendReminders } from '../api/payments.ts';

type Props = { selected: PaymentRecord[]; onDone: () => void };

/**
 * Execute Payments (drafts and awaiting input; owners and admins, not for a delinquent organisation), Send email
 * reminder (awaiting input) and Delete (drafts and awaiting input) for the selected payments.
 */
export function PaymentActions({ selected, onDone }: Props) {
  const { data: user } = useCurrentUser();
  const { data: org } = useCurrentOrg();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isConfirmingExecute, setConfirmingExecute] = useState(false);
  // One key per execution: a retry of the same confirmation is deduplicated, the next execution gets a new one.
  const [executionKey, setExecutionKey] = useState(() => crypto.randomUUID());
  const initiate = useInitiatePayments();
  const remind = useSendReminders();
  const remove = useDeletePayments();
  const waiting = selected.filter((row) => row.status === 'requires_info');
  // Document 001: draft and requires_info payments can be selected for execution. The server
  // executes the drafts; the awaiting ones are held already and go out when their details arrive.
  const executable = selected.filter((row) => row.status === 'draft' || row.status === 'requires_info');
  const deletable = executable;
  const canExecute = user ? canManageWallets(user.role as Role) : false;

  const askToExecute = () => {
    if (org?.billing_status === 'delinquent') return setNotice(addFundsNotice(paymentMessages.delinquent));
    setConfirmingExecute(true);
  };
  const execute = () =>
    initiate.mutate(
      { body: { ids: executable.map((row) => row.id) }, idempotencyKey: executionKey },
      {
        onSuccess: () => {
          setExecutionKey(crypto.randomUUID());
          setConfirmingExecute(false);
          onDone();
        },
      },
    );

  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Tooltip title={canExecute ? '' : 'Only owners and admins can execute payments'}>
        <span>
          <Button variant="contained" disabled={!canExecute || executable.length === 0 || initiate.isPending} onClick={askToExecute}>
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
        ids={executable.map((row) => row.id)}
        awaiting={waiting.length}
        isOpen={isConfirmingExecute}
        isPending={initiate.isPending}
        onClose={() => setConfirmingExecute(false)}
        onConfirm={execute}
      />
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
