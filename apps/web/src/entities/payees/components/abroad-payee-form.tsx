import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues } from 'react-hook-form';
import { legalEntityTypeLabels, legalEntityTypes, payeeAbroadSubmissionBody, type PayeeAbroadSubmission } from '@crewpay/core';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { emptyCorridorFields } from '../abroad-defaults.ts';
import { AbroadBankFields } from './abroad-bank-fields.tsx';

type Input = z.input<typeof payeeAbroadSubmissionBody>;
const entityOptions = legalEntityTypes.map((type) => ({ value: type, label: legalEntityTypeLabels[type] }));

type Props = {
  initial: {
    first_name: string;
    last_name: string;
    business_name: string;
    /** What is on file (the portal): the country, the method and the name on account; the numbers are typed again. */
    abroad?: { country: string; method: 'bank_account' | 'pix'; account_holder_name: string };
    address?: Input['address'];
  };
  isBusiness: boolean;
  isPending: boolean;
  onSubmit: (body: PayeeAbroadSubmission) => void;
  submitLabel?: string;
  idPrefix?: string;
};

/**
 * A bank outside the United States, as the payee link and the creator portal ask for it: the
 * country's bank details (paid in its currency through Nium), who they are (the name on account
 * must be theirs), their address abroad and their tax id at home when they have one (no SSN or EIN).
 */
export function AbroadPayeeForm({ initial, isBusiness, isPending, onSubmit, submitLabel = 'Submit', idPrefix = 'payee' }: Props) {
  const form = useZodForm(payeeAbroadSubmissionBody, {
    defaultValues: {
      selected_payment_method: 'nium',
      abroad: {
        country: initial.abroad?.country ?? '',
        method: initial.abroad?.method ?? 'bank_account',
        fields: { ...emptyCorridorFields(), account_holder_name: initial.abroad?.account_holder_name ?? '' },
      },
      entity_type: isBusiness ? 'c_corp' : 'individual',
      first_name: initial.first_name,
      last_name: initial.last_name,
      business_name: initial.business_name,
      tax_id: '',
      address: initial.address ?? { line_1: '', line_2: '', city: '', region: '', postal_code: '' },
    } satisfies Input,
  });
  const control = form.control as unknown as Control<FieldValues>;
  const isIndividual = form.watch('entity_type') === 'individual';
  const text = (name: string, label: string, options: { xs?: number; required?: boolean; helperText?: string } = {}) => (
    <Grid size={{ xs: 12, sm: options.xs ?? 6 }}>
      <FormTextField
        control={control}
        name={name}
        id={`${idPrefix}-${name.replace('.', '-')}`}
        label={label}
        required={options.required ?? true}
        helperText={options.helperText}
        fullWidth
        size="small"
      />
    </Grid>
  );
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Bank outside the United States">
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Bank account
        </Typography>
        <AbroadBankFields control={control} prefix="abroad." idPrefix={`${idPrefix}-abroad`} />
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Tax information
        </Typography>
        <Grid container spacing={2}>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="entity_type"
              id={`${idPrefix}-entity_type`}
              label="Legal entity type"
              select
              fullWidth
              size="small"
            >
              {entityOptions.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          {isIndividual && text('first_name', 'First name')}
          {isIndividual && text('last_name', 'Last name')}
          {!isIndividual && text('business_name', 'Business name', { xs: 12 })}
          {text('tax_id', 'Tax ID in your country', { xs: 12, required: false, helperText: 'Optional: your W-8BEN asks for it' })}
        </Grid>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Address
        </Typography>
        <Grid container spacing={2}>
          {text('address.line_1', 'Address 1', { xs: 12 })}
          {text('address.line_2', 'Address 2', { xs: 12, required: false })}
          {text('address.city', 'City')}
          {text('address.region', 'Region', { xs: 3, required: false })}
          {text('address.postal_code', 'Postal code', { xs: 3, required: false })}
        </Grid>
      </Stack>
      <Button type="submit" variant="contained" size="large" loading={isPending}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
