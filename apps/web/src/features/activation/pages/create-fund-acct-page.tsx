import { Navigate, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { representativeBody, type RepresentativeBody } from '@crewpay/core';
import { FormCheckbox, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useSubmitRepresentative } from '../api/submit-activation.ts';
import { ActivationCard } from '../components/activation-card.tsx';
import { AddressFields, DigitsField, PhoneField } from '../components/activation-fields.tsx';
import { isDemoMode, saveActivationAddress } from '../components/activation-storage.ts';

const empty: RepresentativeBody = {
  first_name: '',
  last_name: '',
  job_title: '',
  phone: '',
  dob: '',
  ssn: '',
  address: '',
  address2: '',
  city: '',
  state: '' as RepresentativeBody['state'],
  zip_code: '',
  terms: false,
};

const demo: RepresentativeBody = {
  first_name: 'Jenny',
  last_name: 'Rosen',
  job_title: 'CEO',
  phone: '(415) 555-0134',
  dob: '1985-06-15',
  ssn: '000000000',
  address: '510 Townsend St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94103',
  terms: false,
};

/** /createFundAcct — Activation step 1 of 2: 'Business Representative'. */
export default function CreateFundAcctPage() {
  const navigate = useNavigate();
  const { data: org } = useCurrentOrg();
  const submit = useSubmitRepresentative();
  const { control, handleSubmit } = useZodForm(representativeBody, { defaultValues: isDemoMode() ? demo : empty });

  const onSubmit = handleSubmit(async (body) => {
    await submit.mutateAsync(body);
    saveActivationAddress({ address: body.address, address2: body.address2, city: body.city, state: body.state, zip_code: body.zip_code });
    await navigate(`/createFundBusiness${isDemoMode() ? '?demo' : ''}`);
  });

  if (org?.treasury_id) return <Navigate to="/" replace />;

  return (
    <ActivationCard
      step="Step 1 of 2"
      title="Business Representative"
      intro="Tell us about the person authorized to sign for your organization. These details are required by law and are never shared with third parties."
    >
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={control} name="first_name" label="First name" autoComplete="given-name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={control} name="last_name" label="Last name" autoComplete="family-name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={control} name="job_title" label="Job title" autoComplete="organization-title" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PhoneField control={control} name="phone" label="Phone" required />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              control={control}
              name="dob"
              label="Date of birth"
              type="date"
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DigitsField control={control} name="ssn" label="SSN" length={9} required />
          </Grid>
          <AddressFields control={control} />
          <Grid size={12}>
            <FormCheckbox
              control={control}
              name="terms"
              label="I confirm these details are correct and I agree to the Crewpay Terms of Service and Privacy Policy"
            />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>
          <Button color="inherit" size="large" onClick={() => void navigate('/')}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
            Next
          </Button>
        </Box>
      </Box>
    </ActivationCard>
  );
}
