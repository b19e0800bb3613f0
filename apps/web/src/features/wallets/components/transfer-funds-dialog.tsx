import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { achTransferBody, formatCents, TRANSFER_OUT_REFUSED, transferFee, type AchTransferBody } from '@crewpay/core';
import { FormMoneyInput, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { BankNumberFields } from '../../../components/form/bank-number-fields.tsx';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';
import { useAchTransfer } from '../api/wallet-actions.ts';

type Props = { canTransferOut: boolean; isOpen: boolean; onClose: () => void };

function ReviewLine({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography color={isStrong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: isStrong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: isStrong ? 700 : 500 }}>{value}</Typography>
    </Stack>
  );
}

function TransferForm({ onClose }: { onClose: () => void }) {
  const transfer = useAchTransfer();
  const [review, setReview] = useState<AchTransferBody | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const { control, handleSubmit, formState } = useZodForm(achTransferBody, {
    defaultValues: { name: '', description: '', account_num: '', routing_num: '' },
    mode: 'onChange',
  });

  const send = async () => {
    if (!review) return;
    await transfer.mutateAsync({ body: review, idempotencyKey });
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  if (review) {
    const fee = transferFee(review.amount);
    return (
      <>
        <DialogContent>
          <Stack spacing={1.5}>
            <ReviewLine label="To" value={`${review.name} ••••${review.account_num.slice(-4)}`} />
            <ReviewLine label="Memo" value={review.description} />
            <Divider />
            <ReviewLine label="Amount" value={formatCents(review.amount)} />
            <ReviewLine label="Fee" value={formatCents(fee)} />
            <ReviewLine label="Total" value={formatCents(review.amount + fee)} isStrong />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setReview(null)} disabled={transfer.isPending}>
            Back
          </Button>
          <Button variant="contained" onClick={() => void send().catch(() => undefined)} loading={transfer.isPending}>
            Transfer
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit((body) => setReview(body))(event)}>
      <DialogContent>
        <Stack spacing={2}>
          <FormTextField control={control} name="name" label="Name" required fullWidth autoFocus />
          <FormMoneyInput control={control} name="amount" label="Amount" required fullWidth />
          <FormTextField control={control} name="description" label="Memo" required fullWidth />
          <BankNumberFields control={control} account="account_num" routing="routing_num" />
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onClose} submitLabel="Review" canSubmit={formState.isValid} />
    </form>
  );
}

/** Transfer Funds: entry, then review with fee and total, then Transfer; or the contact-support notice. */
export function TransferFundsDialog({ canTransferOut, isOpen, onClose }: Props) {
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="transfer-funds-title">
      <DialogTitle id="transfer-funds-title">Transfer Funds</DialogTitle>
      {canTransferOut ? (
        <TransferForm onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            <Typography>{TRANSFER_OUT_REFUSED}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button variant="contained" onClick={onClose}>
              Ok
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
