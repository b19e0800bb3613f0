import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents, refundMessages, refundReasons, type ChargeRecord } from '@crewpay/core';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useRefundInvoice } from '../../../entities/invoices/index.ts';

const reasonLabels: Record<(typeof refundReasons)[number], string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent',
};

type Props = { invoiceId: string; charge: ChargeRecord; onClose: () => void };

/** Refund all or part of the invoice's payment: what is left by default, never more; the wallet gives it back, less Crewpay's fee share. */
export function RefundDialog({ invoiceId, charge, onClose }: Props) {
  const refund = useRefundInvoice(invoiceId);
  const [amount, setAmount] = useState<number | null>(charge.refundable);
  const [reason, setReason] = useState<(typeof refundReasons)[number]>('requested_by_customer');
  // One key per dialog: a retried submission refunds once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const problem =
    amount === null || amount < 1 ? refundMessages.amount : amount > charge.refundable ? refundMessages.tooMuch(charge.refundable) : null;
  const submit = () => {
    if (problem || amount === null) return;
    refund.mutate({ body: { amount, reason }, idempotencyKey }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="refund-title">
      <DialogTitle id="refund-title">Refund payment</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {charge.method_label}: {formatCents(charge.refundable)} can still be refunded. The money leaves your wallet.
          </Typography>
          <MoneyInput label="Amount" value={amount} onChange={setAmount} error={problem !== null} helperText={problem ?? ' '} />
          <TextField select label="Reason" value={reason} onChange={(event) => setReason(event.target.value as typeof reason)}>
            {refundReasons.map((option) => (
              <MenuItem key={option} value={option}>
                {reasonLabels[option]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={problem !== null || refund.isPending} onClick={submit}>
          Refund {amount ? formatCents(amount) : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
