import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { PaymentsTable } from '../../../entities/payments/index.ts';

/** The campaign's payments: selection, Execute Payments (owner/admin) and New Payment into this campaign. */
export function CampaignPaymentsTab({ campaignId }: { campaignId: string }) {
  return (
    <PaymentsTable
      tab="all_payments"
      payment_group_id={campaignId}
      extraActions={
        <Button variant="contained" component={RouterLink} to={`/payments/newPayment?payment_group_id=${campaignId}`}>
          New Payment
        </Button>
      }
    />
  );
}
