import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TaxFormValues } from './tax-form-values.ts';

export type FieldOptions = {
  type?: string;
  required?: boolean;
  xs?: number;
  options?: readonly { value: string; label: string }[];
  inputMode?: 'numeric' | 'decimal';
  helper?: string;
};

type Props = {
  name: string;
  label: string;
  values: TaxFormValues;
  errors: Record<string, string>;
  touched: Record<string, boolean>;
  onChange: (name: string, value: string, isChoice: boolean) => void;
  onBlur: (name: string) => void;
  extra?: FieldOptions;
};

/** One field of a tax form: its message shows once it was left (a choice: once made). */
export function TaxFormField({ name, label, values, errors, touched, onChange, onBlur, extra = {} }: Props) {
  const message = touched[name] ? errors[name] : undefined;
  return (
    <Grid size={{ xs: 12, sm: extra.xs ?? 6 }}>
      <TextField
        fullWidth
        size="small"
        label={label}
        name={name}
        type={extra.type ?? 'text'}
        select={extra.options !== undefined}
        required={extra.required ?? true}
        value={values[name] ?? ''}
        onChange={(event) => onChange(name, event.target.value, extra.options !== undefined)}
        onBlur={() => onBlur(name)}
        error={Boolean(message)}
        helperText={message ?? extra.helper}
        slotProps={{
          ...(extra.type === 'date' ? { inputLabel: { shrink: true } } : {}),
          ...(extra.inputMode ? { htmlInput: { inputMode: extra.inputMode } } : {}),
        }}
      >
        {extra.options?.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
}
