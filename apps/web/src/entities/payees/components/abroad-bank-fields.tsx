import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { CORRIDORS, corridorFor, corridorMethod, countryName, type CorridorField } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';

const countryOptions = Object.values(CORRIDORS)
  .map((corridor) => ({ value: corridor.country, label: countryName(corridor.country) }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** Fields whose values are long (an IBAN is up to 34 characters): a row of their own. */
const WIDE = new Set(['account_holder_name', 'iban', 'pix_key']);

type Props = {
  /** A form checked by payeeAbroadSchema (or a body holding it under `prefix`). */
  control: Control<FieldValues>;
  /** Where the corridor part sits in the form: '' (the staff form) or 'abroad.' (the payee link). */
  prefix?: '' | 'abroad.';
  idPrefix?: string;
};

/**
 * A payee abroad's country, its currency (the corridor's: a payee abroad is paid in their
 * country's currency) and the bank fields that country's payout method asks for (core
 * corridors.ts), in its order and words; each checked by the same sentences the server uses.
 */
export function AbroadBankFields({ control, prefix = '', idPrefix = 'abroad' }: Props) {
  const country = useController({ control, name: `${prefix}country` });
  const method = useController({ control, name: `${prefix}method` });
  const corridor = corridorFor(String(country.field.value ?? ''));
  const chosen = corridor ? (corridorMethod(corridor.country, String(method.field.value)) ?? corridor.methods[0]!) : null;
  const input = (field: CorridorField) => (
    <Grid key={field.key} size={{ xs: 12, sm: WIDE.has(field.key) ? 12 : 6 }}>
      <FormTextField
        control={control}
        name={`${prefix}fields.${field.key}`}
        id={`${idPrefix}-${field.key}`}
        label={field.label}
        helperText={field.hint}
        select={field.options !== undefined}
        required
        fullWidth
        size="small"
        autoComplete="off"
      >
        {field.options?.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </FormTextField>
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 8, sm: 6 }}>
        <TextField
          select
          fullWidth
          required
          size="small"
          id={`${idPrefix}-country`}
          label="Country"
          name={country.field.name}
          value={country.field.value ?? ''}
          inputRef={country.field.ref}
          onBlur={country.field.onBlur}
          onChange={(event) => {
            country.field.onChange(event.target.value);
            const next = corridorFor(event.target.value);
            if (next && !next.methods.some((candidate) => candidate.id === method.field.value)) method.field.onChange(next.methods[0]!.id);
          }}
          error={country.fieldState.error !== undefined}
          helperText={country.fieldState.error?.message ?? 'Where the bank account is'}
        >
          {countryOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 4, sm: 6 }}>
        <TextField
          fullWidth
          size="small"
          id={`${idPrefix}-currency`}
          label="Currency"
          value={corridor?.currency ?? ''}
          helperText="Paid in"
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
        />
      </Grid>
      {corridor && corridor.methods.length > 1 && (
        <Grid size={12}>
          <TextField
            select
            fullWidth
            required
            size="small"
            id={`${idPrefix}-method`}
            label="Payout method"
            name={method.field.name}
            value={chosen?.id ?? ''}
            onChange={(event) => method.field.onChange(event.target.value)}
            onBlur={method.field.onBlur}
            error={method.fieldState.error !== undefined}
            helperText={method.fieldState.error?.message}
          >
            {corridor.methods.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      )}
      {chosen?.fields.map(input)}
    </Grid>
  );
}
