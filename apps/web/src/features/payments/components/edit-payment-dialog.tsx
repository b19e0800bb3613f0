import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { PaymentRecord, PaymentRowInput } from '@crewpay/core';
import { usePaymentMath, useUpdatePayment } from '../../../entities/payments/index.ts';
import { PaymentRowFields, type FormRow } from './payment-row-fields.tsx';

type Props = { payment: PaymentRecord; onClose: () => void };

/** The earnings as entered: in USD, or back from what the payee receives in their currency (their split of the earnings). */
function enteredEarnings(payment: PaymentRecord): number {
  if (payment.amount_currency === 'USD' || payment.currency_amount === null) return payment.earnings;
  return payment.split > 0 ? Math.round((payment.currency_amount * 100) / payment.split) : payment.currency_amount;
}

/** Edit a draft: earnings, split and memo with the new payment form's row and math (PUT /v1/payments). */
export function EditPaymentDialog({ payment, onClose }: Props) {
  const [row, setRow] = useState<FormRow>({
    key: 1,
    recipient: {
      id: payment.recipient,
      role: payment.recipient_role,
      label: payment.recipient_name || (payment.recipient_email ?? ''),
      email: payment.recipient_email ?? '',
      isDisabled: false,
    },
    earnings: enteredEarnings(payment),
    split: payment.split,
    memo: payment.memo,
    amount_currency: payment.amount_currency,
  });
  const [showErrors, setShowErrors] = useState(false);
  const input: PaymentRowInput = {
    recipient: payment.recipient,
    recipient_role: payment.recipient_role,
    earnings: row.earnings,
    split: row.split,
    memo: row.memo.trim(),
    payment_group_id: payment.payment_group_id,
  };
  const math = usePaymentMath([input]);
  const update = useUpdatePayment();
  const save = () => {
    setShowErrors(true);
    if (math.error) return;
    update.mutate(
      { id: payment.id, earnings: row.earnings, split: row.split, memo: row.memo.trim(), amount_currency: row.amount_currency },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="edit-payment-title">
      <DialogTitle id="edit-payment-title">Edit payment</DialogTitle>
      <DialogContent>
        <PaymentRowFields
          row={row}
          computed={math.rows[0]}
          showErrors={showErrors}
          hasGroup={payment.payment_group_id !== null}
          onChange={setRow}
        />
        {payment.recipient_role === 'creator' && (
          <Typography variant="caption" color="text.secondary">
            The agent and manager payments of this creator payment are recomputed with it.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
