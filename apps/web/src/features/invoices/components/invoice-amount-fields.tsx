import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  INVOICE_CURRENCIES,
  invoiceCurrencies,
  invoiceMessages,
  minorToMajorString,
  parseMajorToMinor,
  type InvoiceCurrency,
} from '@crewpay/core';
import { MoneyInput } from '../../../components/money-input.tsx';

export type InvoiceAmountValue = { currency: InvoiceCurrency; amount: number | null };

/** Whether the amount is one the invoice may be sent for: at least its currency's minimum. */
export const isInvoiceAmountValid = (value: InvoiceAmountValue) =>
  value.amount !== null && value.amount >= INVOICE_CURRENCIES[value.currency].minimum;

/**
 * The invoice's Currency (USD unless the organisation bills its customer in another one Stripe
 * presents) and its Amount in that currency's decimals (none for JPY). USD keeps the dollar
 * field every other amount uses.
 */
export function InvoiceAmountFields({ value, onChange }: { value: InvoiceAmountValue; onChange: (value: InvoiceAmountValue) => void }) {
  const [draft, setDraft] = useState('');
  const code = value.currency.toUpperCase();
  const isInvalid = value.amount !== null && !isInvoiceAmountValid(value);
  const helperText = value.amount !== null && isInvalid ? invoiceMessages.amount : ' ';
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        select
        label="Currency"
        value={value.currency}
        onChange={(event) => {
          setDraft('');
          onChange({ currency: event.target.value as InvoiceCurrency, amount: null });
        }}
        sx={{ minWidth: 110 }}
        helperText=" "
      >
        {invoiceCurrencies.map((currency) => (
          <MenuItem key={currency} value={currency}>
            {currency.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
      {value.currency === 'usd' ? (
        <MoneyInput
          label="Amount"
          required
          fullWidth
          value={value.amount}
          onChange={(amount) => onChange({ ...value, amount })}
          error={isInvalid}
          helperText={helperText}
        />
      ) : (
        <TextField
          label="Amount"
          required
          fullWidth
          value={draft || (value.amount === null ? '' : minorToMajorString(value.amount, code))}
          onChange={(event) => {
            const typed = event.target.value.replace(/[^\d.,]/g, '');
            setDraft(typed);
            onChange({ ...value, amount: parseMajorToMinor(typed, code) });
          }}
          error={isInvalid || (draft !== '' && value.amount === null)}
          helperText={draft !== '' && value.amount === null ? invoiceMessages.amount : helperText}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">{code}</InputAdornment> },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          }}
        />
      )}
    </Stack>
  );
}
