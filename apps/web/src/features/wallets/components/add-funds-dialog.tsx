import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { achDebitBody, attachBankBody, type WalletDetails } from '@crewpay/core';
import { FormMoneyInput } from '../../../components/form/form-fields.tsx';
import { BankNumberFields } from '../../../components/form/bank-number-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useAchDebit, useAttachBank } from '../api/wallet-actions.ts';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';

type Props = { wallet: WalletDetails; isOpen: boolean; onClose: () => void; onRefresh: () => void };

function AddBankForm({ onClose }: { onClose: () => void }) {
  const attach = useAttachBank();
  const { control, handleSubmit, formState } = useZodForm(attachBankBody, {
    defaultValues: { account_number: '', routing_number: '' },
    mode: 'onChange',
  });
  const onSubmit = handleSubmit(async (body) => {
    await attach.mutateAsync(body);
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Connect the bank account you will fund your wallet from. We will send a trial deposit to verify it.
        </Typography>
        <Stack spacing={2}>
          <BankNumberFields control={control} account="account_number" routing="routing_number" autoFocus />
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onClose} submitLabel="Add" canSubmit={formState.isValid} isPending={attach.isPending} />
    </form>
  );
}

function VerifyStep({ url, onClose, onRefresh }: { url: string; onClose: () => void; onRefresh: () => void }) {
  return (
    <>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          Your bank account is awaiting verification.
        </Alert>
        <Typography color="text.secondary">
          A trial deposit will reach your bank in 1-2 business days. Its statement description is a code starting with SM: enter it on the
          verification page to finish connecting your bank.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRefresh}>I have verified</Button>
        <Button variant="contained" href={url} target="_blank" rel="noopener">
          Verify
        </Button>
      </DialogActions>
    </>
  );
}

const debitForm = z.object({ amount: achDebitBody.shape.amount });

function DebitForm({ wallet, onClose }: { wallet: WalletDetails; onClose: () => void }) {
  const debit = useAchDebit();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const { control, handleSubmit, formState } = useZodForm(debitForm, { defaultValues: {}, mode: 'onChange' });
  const bank = wallet.payment_method!.us_bank_account;
  const onSubmit = handleSubmit(async ({ amount }) => {
    await debit.mutateAsync({ body: { amount, payment_method: wallet.payment_method!.id }, idempotencyKey });
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          From {bank.bank_name} ••••{bank.last4}. Funds are available once the transfer settles.
        </Typography>
        <FormMoneyInput control={control} name="amount" label="Amount" required fullWidth autoFocus />
      </DialogContent>
      <FormDialogActions onCancel={onClose} submitLabel="Add funds" canSubmit={formState.isValid} isPending={debit.isPending} />
    </form>
  );
}

/** Add Funds: add a bank, then verify it, then debit it — whichever step the wallet is at. */
export function AddFundsDialog({ wallet, isOpen, onClose, onRefresh }: Props) {
  const verifyUrl = wallet.setup_intent?.next_action?.verify_with_microdeposits.hosted_verification_url;
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="add-funds-title">
      <DialogTitle id="add-funds-title">
        {wallet.payment_method ? 'Add Funds' : verifyUrl ? 'Verify your bank' : 'Add a bank account'}
      </DialogTitle>
      {wallet.payment_method ? (
        <DebitForm wallet={wallet} onClose={onClose} />
      ) : verifyUrl ? (
        <VerifyStep url={verifyUrl} onClose={onClose} onRefresh={onRefresh} />
      ) : (
        <AddBankForm onClose={onClose} />
      )}
    </Dialog>
  );
}
