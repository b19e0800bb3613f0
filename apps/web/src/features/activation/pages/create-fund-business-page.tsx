import { Navigate, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { businessBody, type BusinessBody } from '@crewpay/core';
import { FormCheckbox, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useSubmitBusiness } from '../api/submit-activation.ts';
import { ActivationCard } from '../components/activation-card.tsx';
import { AddressFields, DigitsField, PhoneField } from '../components/activation-fields.tsx';
import { isDemoMode, loadActivationAddress } from '../components/activation-storage.ts';

const AGREEMENT =
  'I agree to the terms of Crewpay, our financial technology provider, of Stripe, our payment provider, and of our partner bank, which holds the funds of your wallet.';

function initialValues(): BusinessBody {
  const address = loadActivationAddress();
  const base: BusinessBody = {
    ein: '',
    phone: '',
    product_description: '',
    address: address?.address ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: (address?.state ?? '') as BusinessBody['state'],
    zip_code: address?.zip_code ?? '',
    agreement: false,
  };
  if (!isDemoMode()) return base;
  return { ...base, ein: '000000000', phone: '(415) 555-0199', product_description: 'Creator marketing campaigns' };
}

/** /createFundBusiness — Activation step 2 of 2: 'Tell us about your business'. */
export default function CreateFundBusinessPage() {
  const navigate = useNavigate();
  const { data: org } = useCurrentOrg();
  const submit = useSubmitBusiness();
  const { control, handleSubmit } = useZodForm(businessBody, { defaultValues: initialValues() });

  const onSubmit = handleSubmit(async (body) => {
    await submit.mutateAsync(body);
    await navigate('/', { replace: true });
  });

  if (org?.treasury_id) return <Navigate to="/" replace />;
  if (org && !org.has_representative) return <Navigate to="/createFundAcct" replace />;

  return (
    <ActivationCard
      step="Step 2 of 2"
      title="Tell us about your business"
      intro="Your organization's tax and contact details open its wallet."
    >
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <DigitsField control={control} name="ein" label="EIN" length={9} required />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PhoneField control={control} name="phone" label="Business phone" required />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="product_description"
              label="Product or service description"
              required
              fullWidth
              multiline
              minRows={2}
            />
          </Grid>
          <AddressFields control={control} />
          <Grid size={12}>
            <FormCheckbox control={control} name="agreement" label={AGREEMENT} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>
          <Button color="inherit" size="large" onClick={() => void navigate('/createFundAcct')}>
            Back
          </Button>
          <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
            Submit
          </Button>
        </Box>
      </Box>
    </ActivationCard>
  );
}
