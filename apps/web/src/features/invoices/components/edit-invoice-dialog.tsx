import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVOICE_MINIMUM_CENTS, invoiceMessages, NET_PRESETS, type InvoiceRecord } from '@crewpay/core';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useUpdateInvoice } from '../../../lib/invoices-api.ts';
import { netOf, TermsField, type TermsValue } from './terms-field.tsx';

const termsOf = (net: number): TermsValue =>
  (NET_PRESETS as readonly number[]).includes(net) ? { choice: String(net), custom: '' } : { choice: 'custom', custom: String(net) };

/** Edit an invoice that is not paid (PUT /v1/invoices/{id}). */
export function EditInvoiceDialog({ invoice, isOpen, onClose }: { invoice: InvoiceRecord; isOpen: boolean; onClose: () => void }) {
  const update = useUpdateInvoice(invoice.id);
  const [title, setTitle] = useState(invoice.title);
  const [description, setDescription] = useState(invoice.description);
  const [amount, setAmount] = useState<number | null>(invoice.amount);
  const [terms, setTerms] = useState<TermsValue>(termsOf(invoice.net));
  const net = netOf(terms);
  const isAmountValid = amount !== null && amount >= INVOICE_MINIMUM_CENTS;
  const canSave = title.trim() !== '' && description.trim() !== '' && isAmountValid && net !== null;
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Edit invoice</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Title" required value={title} onChange={(event) => setTitle(event.target.value)} />
          <TextField
            label="Description"
            required
            multiline
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <MoneyInput
            label="Amount"
            value={amount}
            onChange={setAmount}
            error={amount !== null && !isAmountValid}
            helperText={amount !== null && !isAmountValid ? invoiceMessages.amount : ' '}
          />
          <TermsField value={terms} onChange={setTerms} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!canSave || update.isPending}
          onClick={() => update.mutate({ title, description, amount: amount!, net: net! }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
