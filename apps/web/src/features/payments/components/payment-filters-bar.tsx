import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { centsToDollarString, parseDollarsToCents } from '@crewpay/core';
import type { PaymentListFilters } from '../../../entities/payments/index.ts';

type Props = { filters: PaymentListFilters; onChange: (filters: PaymentListFilters) => void };

const dollarsOf = (cents: number | undefined) => (cents === undefined ? '' : centsToDollarString(cents));
/** The largest bound the API takes (a billion dollars); a blank, unreadable or larger amount is no bound. */
const MAX_CENTS = 100_000_000_000;
const centsOf = (dollars: string) => {
  const cents = dollars.trim() === '' ? null : parseDollarsToCents(dollars);
  return cents !== null && cents <= MAX_CENTS ? cents : undefined;
};

/**
 * The list's filters beside its tab: days created (UTC) and amounts in dollars. Days apply when
 * picked; amounts when the field is left or Enter is pressed, not at each keystroke.
 */
export function PaymentFiltersBar({ filters, onChange }: Props) {
  const [min, setMin] = useState(dollarsOf(filters.amount_min));
  const [max, setMax] = useState(dollarsOf(filters.amount_max));
  const applyAmounts = () => onChange({ ...filters, amount_min: centsOf(min), amount_max: centsOf(max) });
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') applyAmounts();
  };
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const day = (key: 'created_from' | 'created_to', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={filters[key] ?? ''}
      onChange={(event) => onChange({ ...filters, [key]: event.target.value || undefined })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const amount = (label: string, value: string, setValue: (value: string) => void) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={applyAmounts}
      onKeyDown={onEnter}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: { xs: '100%', sm: 140 } }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Filters" role="group">
      {day('created_from', 'Created from')}
      {day('created_to', 'Created to')}
      {amount('Min amount ($)', min, setMin)}
      {amount('Max amount ($)', max, setMax)}
      {hasFilters && (
        <Button
          color="inherit"
          onClick={() => {
            setMin('');
            setMax('');
            onChange({});
          }}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
