import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Grid from '@mui/material/Grid';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { formatUsPhone, usStates } from '@crewpay/core';
import { FormTextField, useTextInputProps } from '../../../components/form/form-fields.tsx';

type Binding<T extends FieldValues, O> = { control: Control<T, unknown, O>; name: FieldPath<T>; label: string; required?: boolean };

/** US phone: shows (###) ###-#### after a +1 prefix; digits only are typed. */
export function PhoneField<T extends FieldValues, O>({ control, name, label, required }: Binding<T, O>) {
  const input = useTextInputProps({ control, name });
  return (
    <TextField
      label={label}
      required={required}
      fullWidth
      {...input}
      value={formatUsPhone(input.value.replace(/^\+1/, ''))}
      onChange={(event) => input.onChange(formatUsPhone(event.target.value))}
      placeholder="(555) 555-5555"
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">+1</InputAdornment> },
        htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' },
      }}
    />
  );
}

/** The 50 states, DC and the territories, by abbreviation. */
function StateField<T extends FieldValues, O>({ control, name, label, required }: Binding<T, O>) {
  const input = useTextInputProps({ control, name });
  return (
    <TextField
      select
      label={label}
      required={required}
      fullWidth
      {...input}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    >
      {usStates.map((state) => (
        <MenuItem key={state.code} value={state.code}>
          {state.code} — {state.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Digits only, at most `length` (SSN, EIN, zip): pasting "12-3456789" keeps 123456789. */
export function DigitsField<T extends FieldValues, O>({ control, name, label, required, length }: Binding<T, O> & { length: number }) {
  const input = useTextInputProps({ control, name });
  return (
    <TextField
      label={label}
      required={required}
      fullWidth
      {...input}
      onChange={(event) => input.onChange(event.target.value.replace(/\D/g, '').slice(0, length))}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
}

/** Street address, address 2 (optional), city, state and zip code (under `prefix`: one owner's of a list). */
export function AddressFields<T extends FieldValues, O>({ control, prefix = '' }: { control: Control<T, unknown, O>; prefix?: string }) {
  const at = (name: string) => `${prefix}${name}` as FieldPath<T>;
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField control={control} name={at('address')} label="Street address" autoComplete="address-line1" required fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField control={control} name={at('address2')} label="Street address 2 (optional)" autoComplete="address-line2" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <FormTextField control={control} name={at('city')} label="City" autoComplete="address-level2" required fullWidth />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <StateField control={control} name={at('state')} label="State" required />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <DigitsField control={control} name={at('zip_code')} label="Zip code" length={5} required />
      </Grid>
    </>
  );
}
