import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { taxFormLabels, w8benCertification, w8beneCertification, w9Certification, type TaxFormBody, type TaxFormType } from '@crewpay/core';
import { TaxFormField, type FieldOptions } from './tax-form-field.tsx';
import { TaxFormLines } from './tax-form-lines.tsx';
import { emptyValues, validateTaxForm, type TaxFormValues } from './tax-form-values.ts';

const CERTIFICATIONS: Record<TaxFormType, readonly string[]> = {
  w9: w9Certification,
  w8ben: w8benCertification,
  w8bene: w8beneCertification,
};

type Props = {
  /** The payee's name on file, to start the form with. */
  defaultName: string;
  isPending: boolean;
  /** The server's refusal of the last attempt (a TIN it refused), shown over the button. */
  error?: string | null;
  onSubmit: (body: TaxFormBody) => void;
};

/**
 * The "Tax form" step of the payee page and the portal: a US person signs a W-9, anyone else a
 * W-8BEN (individual) or W-8BEN-E (entity), certifying under penalties of perjury and signing by
 * typing their name. The server adds the date, IP address and user agent.
 */
export function TaxFormStep({ defaultName, isPending, error, onSubmit }: Props) {
  const [formType, setFormType] = useState<TaxFormType>('w9');
  const [values, setValues] = useState<TaxFormValues>(() => emptyValues(defaultName));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const { errors, body } = validateTaxForm(formType, values);
  const field = (name: string, label: string, extra: FieldOptions = {}) => (
    <TaxFormField
      key={name}
      name={name}
      label={label}
      values={values}
      errors={errors}
      touched={touched}
      extra={extra}
      onChange={(key, value, isChoice) => {
        setValues({ ...values, [key]: value });
        if (isChoice) setTouched({ ...touched, [key]: true });
      }}
      onBlur={(key) => setTouched({ ...touched, [key]: true })}
    />
  );
  const isUs = formType === 'w9';
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      aria-label="Tax form"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])));
        if (body) onSubmit(body);
      }}
    >
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Tax form
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={isUs ? 'us' : 'foreign'}
          onChange={(_event, next: string | null) => next && setFormType(next === 'us' ? 'w9' : 'w8ben')}
          aria-label="US person or not"
        >
          <ToggleButton value="us">US person (W-9)</ToggleButton>
          <ToggleButton value="foreign">Not a US person (W-8)</ToggleButton>
        </ToggleButtonGroup>
        {!isUs && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={formType}
            onChange={(_event, next: TaxFormType | null) => next && setFormType(next)}
            aria-label="Individual or entity"
          >
            <ToggleButton value="w8ben">Individual (W-8BEN)</ToggleButton>
            <ToggleButton value="w8bene">Entity (W-8BEN-E)</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      <TaxFormLines formType={formType} values={values} field={field} />
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          Certification
        </Typography>
        {/* A tab stop, so the certification can be scrolled and read by keyboard too. */}
        <Box
          role="region"
          aria-label="Certification text"
          tabIndex={0}
          sx={{ maxHeight: 180, overflowY: 'auto', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {CERTIFICATIONS[formType].map((paragraph) => (
            <Typography key={paragraph} variant="body2" sx={{ mb: 0.75 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
        <Grid container spacing={2}>
          {field('signer_name', 'Signature (type your full name)', { xs: 12 })}
        </Grid>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.certified === 'true'}
              onChange={(event) => setValues({ ...values, certified: event.target.checked ? 'true' : '' })}
            />
          }
          label={`Under penalties of perjury, I certify the statements above and sign this Form ${taxFormLabels[formType]} electronically`}
        />
        {touched.certified && errors.certified && (
          <Typography color="error" variant="body2">
            {errors.certified}
          </Typography>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={isPending}>
        {`Sign Form ${taxFormLabels[formType]}`}
      </Button>
    </Stack>
  );
}
