import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PaymentsTable } from '../../../entities/payments/index.ts';
import { CampaignReleaseStatus } from './campaign-release-status.tsx';

/** The campaign's payments: selection, Execute Payments (owner/admin) and New Payment into this campaign. */
export function CampaignPaymentsTab({ campaignId }: { campaignId: string }) {
  return (
    <Stack spacing={2}>
      <CampaignReleaseStatus campaignId={campaignId} />
      <PaymentsTable
        tab="all_payments"
        payment_group_id={campaignId}
        extraActions={
          <Button variant="contained" component={RouterLink} to={`/payments/newPayment?payment_group_id=${campaignId}`}>
            New Payment
          </Button>
        }
      />
    </Stack>
  );
}
