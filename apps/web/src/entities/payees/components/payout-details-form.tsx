import { useState } from 'react';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  businessEntityTypes,
  messages,
  legalEntityTypeLabels,
  payeeAddressSchema,
  payeeMethodSchema,
  payeeTaxSchema,
  usStates,
  type PayeeSubmissionBody,
} from '@crewpay/core';

export type PayoutFormValues = Record<string, string>;
type Values = PayoutFormValues;
const initialValues = (isBusiness: boolean, initial: Partial<Values> = {}): Values => ({
  selected_payment_method: 'stripe',
  account_number: '',
  routing_number: '',
  paypal_email: '',
  venmo_phone_number: '',
  // The Business side's entity type is chosen from the spec's legal entity types; '' until chosen.
  entity_type: isBusiness ? '' : 'individual',
  first_name: '',
  last_name: '',
  date_of_birth: '',
  tax_id: '',
  business_name: '',
  line_1: '',
  line_2: '',
  city: '',
  state: '',
  zip: '',
  ...initial,
});
const businessOptions = businessEntityTypes.map((type) => ({ value: type, label: legalEntityTypeLabels[type] }));
const stateOptions = usStates.map((state) => ({ value: state.code, label: `${state.code} — ${state.name}` }));

/** The schemas a form checks with: the payee page's, or the portal's (which also take tok_ values). */
type PayoutSchemas = { method: z.ZodType; tax: z.ZodType };
const payeeSchemas: PayoutSchemas = { method: payeeMethodSchema, tax: payeeTaxSchema };

/**
 * Secrets already on file (the portal): the tok_ value an empty field stands for, and the mask
 * shown in its place. An untouched empty field sends the tok_ value back, which keeps the secret.
 */
export type KeptSecrets = Partial<Record<'account_number' | 'routing_number' | 'tax_id', { token: string; mask: string }>>;

/** Each field's first message, from the same schemas the server checks (document 001 section 5). */
function validate(
  form: Values,
  schemas: PayoutSchemas,
  kept: KeptSecrets,
): { errors: Record<string, string>; body: PayeeSubmissionBody | null } {
  const values = { ...form };
  for (const [name, secret] of Object.entries(kept)) if (values[name] === '' && secret) values[name] = secret.token;
  const address = { line_1: values.line_1, line_2: values.line_2, city: values.city, state: values.state, zip: values.zip };
  // Until a business picks its legal entity type, its other fields are still checked (as a C corp).
  const isTypeMissing = values.entity_type === '';
  const tax = schemas.tax.safeParse(isTypeMissing ? { ...values, entity_type: 'c_corp' } : values);
  const parts = [schemas.method.safeParse(values), tax, payeeAddressSchema.safeParse(address)];
  const errors: Record<string, string> = isTypeMissing ? { entity_type: messages.required } : {};
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

type Props = {
  isPaypalEnabled: boolean;
  /** A payee known as a business opens on the Business side. */
  isBusiness: boolean;
  isPending: boolean;
  onSubmit: (body: PayeeSubmissionBody) => void;
  /** Values on file (the portal); the payee page starts empty. */
  initial?: Partial<Values>;
  kept?: KeptSecrets;
  schemas?: PayoutSchemas;
  submitLabel?: string;
  /** A stable id prefix, so two forms on one page keep their fields apart. */
  idPrefix?: string;
};
type FieldOptions = {
  type?: string;
  required?: boolean;
  xs?: number;
  options?: { value: string; label: string }[];
  inputMode?: 'numeric';
  showValue?: boolean;
};

/**
 * Payout method (Bank; PayPal and Venmo when the payer offers them), tax details and address: the
 * payee page's form and the portal's Payment Details card.
 */
export function PayoutDetailsForm(props: Props) {
  const { isPaypalEnabled, isBusiness, isPending, onSubmit, kept = {}, schemas = payeeSchemas, submitLabel = 'Submit', idPrefix } = props;
  const [values, setValues] = useState<Values>(() => initialValues(isBusiness, props.initial));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const { errors, body } = validate(values, schemas, kept);
  const field = (name: string, label: string, extra: FieldOptions = {}) => (
    <Grid size={{ xs: 12, sm: extra.xs ?? 6 }}>
      <TextField
        fullWidth
        size="small"
        label={label}
        name={name}
        id={idPrefix ? `${idPrefix}-${name}` : undefined}
        placeholder={kept[name as keyof KeptSecrets]?.mask}
        type={extra.type ?? 'text'}
        select={extra.options !== undefined}
        required={extra.required ?? true}
        value={values[name]}
        onChange={(event) => {
          setValues({ ...values, [name]: event.target.value });
          // A choice is complete once made: show its message at once.
          if (extra.options) setTouched({ ...touched, [name]: true });
        }}
        onBlur={() => setTouched({ ...touched, [name]: true })}
        error={Boolean(touched[name] && errors[name])}
        helperText={
          touched[name] && errors[name] ? errors[name] : kept[name as keyof KeptSecrets] ? 'On file: leave empty to keep it' : undefined
        }
        slotProps={{
          ...(kept[name as keyof KeptSecrets] ? { inputLabel: { shrink: true } } : {}),
          ...(extra.type === 'date' ? { inputLabel: { shrink: true } } : {}),
          ...(extra.inputMode ? { htmlInput: { inputMode: extra.inputMode } } : {}),
          // A narrow picker shows the chosen code (TX), its menu the full names.
          ...(extra.showValue ? { select: { renderValue: (value: unknown) => String(value) } } : {}),
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
  const method = values.selected_payment_method;
  const isIndividual = values.entity_type === 'individual';
  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (body) onSubmit(body);
      }}
    >
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Payment method
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={method}
          onChange={(_event, next: string | null) => next && setValues({ ...values, selected_payment_method: next })}
          aria-label="Payment method"
        >
          <ToggleButton value="stripe">Bank</ToggleButton>
          {isPaypalEnabled && <ToggleButton value="paypal">PayPal</ToggleButton>}
          {isPaypalEnabled && <ToggleButton value="venmo">Venmo</ToggleButton>}
        </ToggleButtonGroup>
        <Grid container spacing={2}>
          {method === 'stripe' && field('account_number', 'Account number', { inputMode: 'numeric' })}
          {method === 'stripe' && field('routing_number', 'Routing number', { inputMode: 'numeric' })}
          {method === 'paypal' && field('paypal_email', 'PayPal email', { type: 'email' })}
          {method === 'venmo' && field('venmo_phone_number', 'Venmo phone number', { type: 'tel' })}
        </Grid>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Tax information
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={isIndividual ? 'individual' : 'business'}
          onChange={(_event, next: string | null) =>
            next && setValues({ ...values, entity_type: next === 'individual' ? 'individual' : '' })
          }
          aria-label="Individual or business"
        >
          <ToggleButton value="individual">Individual</ToggleButton>
          <ToggleButton value="business">Business</ToggleButton>
        </ToggleButtonGroup>
        <Grid container spacing={2}>
          {isIndividual && field('first_name', 'First name')}
          {isIndividual && field('last_name', 'Last name')}
          {isIndividual && field('date_of_birth', 'Date of birth', { type: 'date' })}
          {isIndividual && field('tax_id', 'SSN')}
          {!isIndividual && field('entity_type', 'Legal entity type', { xs: 12, options: businessOptions })}
          {!isIndividual && field('business_name', 'Business name')}
          {!isIndividual && field('tax_id', 'EIN')}
        </Grid>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Address
        </Typography>
        <Grid container spacing={2}>
          {field('line_1', 'Address 1', { xs: 12 })}
          {field('line_2', 'Address 2', { xs: 12, required: false })}
          {field('city', 'City', { xs: 6 })}
          {field('state', 'State', { xs: 3, options: stateOptions, showValue: true })}
          {field('zip', 'Zip', { xs: 3 })}
        </Grid>
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={!body || isPending}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
