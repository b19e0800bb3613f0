import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { formatCents, payoutMethodLabels } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { usePayeeLink, useSubmitPayee } from '../api/payee-link.ts';
import { AbroadPayeeForm, PayoutDetailsForm } from '../../../entities/payees/index.ts';
import { PayeeTaxFormStep } from '../components/payee-tax-form-step.tsx';

const INVALID = 'Sorry! This link is no longer valid.';

function Frame({ children, isWide = false }: { children: React.ReactNode; isWide?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: isWide ? 960 : 640, mx: 'auto', my: { xs: 2, sm: 4 }, p: { xs: 2, sm: 4 } }}>
      {children}
    </Paper>
  );
}

/**
 * /bankDetails?id=: the payee gives their payout and tax details once, then sees the success view.
 * Document 001's layout: the payer and the amount on the left, the form on the right (stacked on a phone).
 */
export default function BankDetailsPage() {
  const [params] = useSearchParams();
  const linkId = params.get('id') ?? '';
  const link = usePayeeLink(linkId);
  const submit = useSubmitPayee(linkId);
  // A bank outside the United States is paid in its own currency through Nium (its own form).
  const [where, setWhere] = useState<'us' | 'abroad'>('us');
  if (!linkId || link.isError || (link.data && link.data.type !== 'payee')) {
    return (
      <Frame>
        <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
          {INVALID}
        </Typography>
      </Frame>
    );
  }
  if (!link.data) return <FullPageSpinner />;
  if (submit.data) {
    return (
      <Frame>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            Thanks!
          </Typography>
          <Typography variant="h6" component="h1">
            Your payment is on the way
          </Typography>
          <Typography variant="h4" component="p">
            {formatCents(submit.data.amount)}
          </Typography>
          <Typography>From: {submit.data.org_name}</Typography>
          <Typography>
            Payment method:{' '}
            {submit.data.selected_payment_method === 'nium'
              ? 'Bank account abroad'
              : payoutMethodLabels[submit.data.selected_payment_method]}
          </Typography>
        </Stack>
      </Frame>
    );
  }
  const info = link.data;
  const name = info.rec_business_name ?? [info.rec_first_name, info.rec_last_name].filter(Boolean).join(' ');
  return (
    <Frame isWide>
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr' } }}>
        <Stack spacing={1} aria-label="Payment">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {`${info.org_name} is sending you ${formatCents(info.amount)}`}
          </Typography>
          <Typography color="text.secondary">
            {name ? `Hi ${name}, tell us where to send your payment.` : 'Tell us where to send your payment.'}
          </Typography>
        </Stack>
        <PayeeTaxFormStep linkId={linkId} defaultName={name} orgName={info.org_name} isRequired={info.requires_tax_form}>
          <Stack spacing={3}>
            <Stack spacing={1}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Where is your bank?
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={where}
                onChange={(_event, next: 'us' | 'abroad' | null) => next && setWhere(next)}
                aria-label="Where is your bank?"
              >
                <ToggleButton value="us">United States</ToggleButton>
                <ToggleButton value="abroad">Another country</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            {where === 'abroad' ? (
              <AbroadPayeeForm
                isBusiness={info.rec_business_name !== null}
                initial={{
                  first_name: info.rec_first_name ?? '',
                  last_name: info.rec_last_name ?? '',
                  business_name: info.rec_business_name ?? '',
                }}
                isPending={submit.isPending}
                onSubmit={(body) => submit.mutate(body)}
              />
            ) : (
              <PayoutDetailsForm
                isPaypalEnabled={info.is_paypal_enabled}
                isBusiness={info.rec_business_name !== null}
                // What the organisation already knows is filled in: the payee is not asked their name again.
                initial={{
                  first_name: info.rec_first_name ?? '',
                  last_name: info.rec_last_name ?? '',
                  business_name: info.rec_business_name ?? '',
                }}
                isPending={submit.isPending}
                onSubmit={(body) => submit.mutate(body)}
              />
            )}
          </Stack>
        </PayeeTaxFormStep>
      </Box>
    </Frame>
  );
}
