import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { centsToDollarString, formatCents, parseDollarsToCents } from '@crewpay/core/money';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** Integer cents, or null while empty or not a valid amount. */
  value: number | null;
  onChange: (cents: number | null) => void;
};

/** "1,250.00" for 125000: what the field shows when not being edited. */
function display(cents: number | null): string {
  return cents === null ? '' : formatCents(cents).replace('$', '');
}

/**
 * Dollars in, integer cents out. Shows a $ prefix, two decimals and thousands separators;
 * while focused it shows the plain amount so typing is not fought by the formatting.
 */
export function MoneyInput({ value, onChange, onBlur, onFocus, slotProps, ...rest }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? display(value);

  return (
    <TextField
      {...rest}
      value={text}
      onChange={(event) => {
        const typed = event.target.value.replace(/[^\d.,]/g, '');
        setDraft(typed);
        onChange(parseDollarsToCents(typed));
      }}
      onFocus={(event) => {
        setDraft(value === null ? (draft ?? '') : centsToDollarString(value));
        onFocus?.(event);
      }}
      onBlur={(event) => {
        // Keep an invalid entry visible so the person can correct it.
        setDraft(value === null && draft ? draft : null);
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}
