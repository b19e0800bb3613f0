import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatMinor, minorToMajorString, minorUnits, parseMajorToMinor } from '@crewpay/core/currencies';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** Integer minor units of `currency` (cents for USD, yen for JPY), or null while empty or not a valid amount. */
  value: number | null;
  onChange: (minor: number | null) => void;
  /** ISO 4217 code; USD unless given. The field takes at most the currency's decimals (JPY none, BHD three). */
  currency?: string;
};

/** "1,250.00" for 125000 USD, "125,000" for 125000 JPY: what the field shows when not being edited. */
function display(minor: number | null, currency: string): string {
  return minor === null ? '' : formatMinor(minor, currency).replace(/[^\d.,-]/g, '');
}

/** "$", "£", "¥", or the code when the currency has no symbol of its own. */
function symbolOf(currency: string): string {
  const part = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((entry) => entry.type === 'currency');
  return part?.value ?? currency;
}

/**
 * Major units in, integer minor units out, in USD or another currency. Shows the currency's symbol,
 * its decimals and thousands separators; while focused it shows the plain amount so typing is not
 * fought by the formatting. An amount with more decimals than the currency has is not an amount (null).
 */
export function MoneyInput({ value, onChange, onBlur, onFocus, slotProps, currency = 'USD', ...rest }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? display(value, currency);
  const decimals = minorUnits(currency);

  return (
    <TextField
      {...rest}
      value={text}
      onChange={(event) => {
        const typed = event.target.value.replace(decimals === 0 ? /[^\d,]/g : /[^\d.,]/g, '');
        setDraft(typed);
        onChange(parseMajorToMinor(typed, currency));
      }}
      onFocus={(event) => {
        setDraft(value === null ? (draft ?? '') : minorToMajorString(value, currency));
        onFocus?.(event);
      }}
      onBlur={(event) => {
        // Keep an invalid entry visible so the person can correct it.
        setDraft(value === null && draft ? draft : null);
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">{symbolOf(currency)}</InputAdornment> },
        htmlInput: { inputMode: decimals === 0 ? 'numeric' : 'decimal', autoComplete: 'off' },
      }}
    />
  );
}
