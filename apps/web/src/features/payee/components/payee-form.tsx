import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { payeeAddressSchema, payeeMethodSchema, payeeTaxSchema, type PayeeSubmissionBody } from '@crewpay/core';

type Values = Record<string, string>;
const initial: Values = {
  selected_payment_method: 'stripe', account_number: '', routing_number: '', paypal_email: '', venmo_phone_number: '',
  entity_type: 'individual', first_name: '', last_name: '', date_of_birth: '', tax_id: '', business_name: '',
  line_1: '', line_2: '', city: '', state: '', zip: '',
};

/** Each field's first message, from the same schemas the server checks (document 001 section 5). */
function validate(values: Values): { errors: Record<string, string>; body: PayeeSubmissionBody | null } {
  const address = { line_1: values.line_1, line_2: values.line_2, city: values.city, state: values.state, zip: values.zip };
  const parts = [payeeMethodSchema.safeParse(values), payeeTaxSchema.safeParse(values), payeeAddressSchema.safeParse(address)];
  const errors: Record<string, string> = {};
  for (const part of parts) {
    if (part.success) continue;
    for (const issue of part.error.issues) {
      const field = String(issue.path.at(-1) ?? '');
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return { errors, body: { ...(parts[0]!.data as object), ...(parts[1]!.data as object), address: parts[2]!.data } as PayeeSubmissionBody };
}

type Props = { isPaypalEnabled: boolean; isPending: boolean; onSubmit: (body: PayeeSubmissionBody) => void };

/** Payout method (Bank; PayPal and Venmo when the payer offers them), tax details and address. */
export function PayeeForm({ isPaypalEnabled, isPending, onSubmit }: Props) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const { errors, body } = validate(values);
  const field = (name: string, label: string, extra: { type?: string; required?: boolean; xs?: number } = {}) => (
    <Grid size={{ xs: 12, sm: extra.xs ?? 6 }}>
      <TextField
        fullWidth
        size="small"
        label={label}
        name={name}
        type={extra.type ?? 'text'}
        required={extra.required ?? true}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        onBlur={() => setTouched({ ...touched, [name]: true })}
        error={Boolean(touched[name] && errors[name])}
        helperText={touched[name] ? errors[name] : undefined}
        slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      />
    </Grid>
  );
  const method = values.selected_payment_method;
  const isIndividual = values.entity_type === 'individual';
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={(event) => { event.preventDefault(); if (body) onSubmit(body); }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Payment method</Typography>
        <ToggleButtonGroup exclusive size="small" color="primary" value={method} onChange={(_event, next: string | null) => next && setValues({ ...values, selected_payment_method: next })} aria-label="Payment method">
          <ToggleButton value="stripe">Bank</ToggleButton>
          {isPaypalEnabled && <ToggleButton value="paypal">PayPal</ToggleButton>}
          {isPaypalEnabled && <ToggleButton value="venmo">Venmo</ToggleButton>}
        </ToggleButtonGroup>
        <Grid container spacing={2}>
          {method === 'stripe' && field('account_number', 'Account number')}
          {method === 'stripe' && field('routing_number', 'Routing number')}
          {method === 'paypal' && field('paypal_email', 'PayPal email', { type: 'email' })}
          {method === 'venmo' && field('venmo_phone_number', 'Venmo phone number', { type: 'tel' })}
        </Grid>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Tax information</Typography>
        <ToggleButtonGroup exclusive size="small" color="primary" value={values.entity_type} onChange={(_event, next: string | null) => next && setValues({ ...values, entity_type: next })} aria-label="Legal entity type">
          <ToggleButton value="individual">Individual</ToggleButton>
          <ToggleButton value="business">Business</ToggleButton>
        </ToggleButtonGroup>
        <Grid container spacing={2}>
          {isIndividual && field('first_name', 'First name')}
          {isIndividual && field('last_name', 'Last name')}
          {isIndividual && field('date_of_birth', 'Date of birth', { type: 'date' })}
          {isIndividual && field('tax_id', 'SSN')}
          {!isIndividual && field('business_name', 'Business name')}
          {!isIndividual && field('tax_id', 'EIN')}
        </Grid>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Address</Typography>
        <Grid container spacing={2}>
          {field('line_1', 'Address 1', { xs: 12 })}
          {field('line_2', 'Address 2', { xs: 12, required: false })}
          {field('city', 'City', { xs: 6 })}
          {field('state', 'State', { xs: 3 })}
          {field('zip', 'Zip', { xs: 3 })}
        </Grid>
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={!body || isPending}>
        Submit
      </Button>
    </Stack>
  );
}
