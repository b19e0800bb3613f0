import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { invoiceMessages, MAX_NET_DAYS, NET_PRESETS } from '@crewpay/core';

export type TermsValue = { choice: string; custom: string };
export const DEFAULT_TERMS: TermsValue = { choice: '30', custom: '' };

/** The net days the terms stand for, or null while a custom value is not 1-365. */
export function netOf(terms: TermsValue): number | null {
  if (terms.choice !== 'custom') return Number(terms.choice);
  const days = Number(terms.custom);
  return /^\d+$/.test(terms.custom) && days > 0 && days <= MAX_NET_DAYS ? days : null;
}

/** Terms: Due upon invoice, Net 30/60/90/120, or custom 1-365 days. */
export function TermsField({ value, onChange }: { value: TermsValue; onChange: (value: TermsValue) => void }) {
  const isCustomInvalid = value.choice === 'custom' && value.custom !== '' && netOf(value) === null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Terms"
        value={value.choice}
        onChange={(event) => onChange({ ...value, choice: event.target.value })}
        sx={{ minWidth: 200 }}
      >
        {NET_PRESETS.map((days) => (
          <MenuItem key={days} value={String(days)}>
            {days === 0 ? 'Due upon invoice' : `Net ${days}`}
          </MenuItem>
        ))}
        <MenuItem value="custom">Custom</MenuItem>
      </TextField>
      {value.choice === 'custom' && (
        <TextField
          label="Days"
          value={value.custom}
          onChange={(event) => onChange({ ...value, custom: event.target.value.replace(/\D/g, '').slice(0, 4) })}
          error={isCustomInvalid}
          helperText={isCustomInvalid ? invoiceMessages.net : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    </Stack>
  );
}
