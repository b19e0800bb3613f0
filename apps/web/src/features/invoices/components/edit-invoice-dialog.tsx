import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVOICE_MINIMUM_CENTS, invoiceMessages, NET_PRESETS, type InvoiceRecord } from '@crewpay/core';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useUpdateInvoice } from '../../../entities/invoices/index.ts';
import { useCampaignChoices } from '../api/lookups.ts';
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
  const [campaignId, setCampaignId] = useState(invoice.payment_group_id ?? '');
  const { data: campaigns } = useCampaignChoices();
  // The pick lists the newest 100 campaigns; the invoice's own stays choosable even when older.
  const choices = [
    ...(invoice.payment_group_id && !campaigns?.data.some((campaign) => campaign.id === invoice.payment_group_id)
      ? [{ id: invoice.payment_group_id, title: invoice.payment_group_title ?? 'Current campaign' }]
      : []),
    ...(campaigns?.data ?? []),
  ];
  const dropsFunded = invoice.funded_payments.length > 0 && campaignId !== (invoice.payment_group_id ?? '');
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
          <TextField
            select
            label="Campaign"
            value={campaignId}
            onChange={(event) => setCampaignId(event.target.value)}
            helperText={dropsFunded ? 'Another campaign leaves the payments this invoice funds unfunded' : ' '}
          >
            <MenuItem value="">No campaign</MenuItem>
            {choices.map((campaign) => (
              <MenuItem key={campaign.id} value={campaign.id}>
                {campaign.title}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!canSave || update.isPending}
          onClick={() =>
            update.mutate({ title, description, amount: amount!, net: net!, payment_group_id: campaignId || null }, { onSuccess: onClose })
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
