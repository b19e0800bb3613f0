import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '@crewpay/core';
import { usePaymentTotals } from '../api/payments.ts';
import { PaymentsTable } from './payments-table.tsx';

/** The creator profile's Payments tab: total, Send email reminder, Execute Payments, New Payment. */
export function CreatorPaymentsTab({ creatorId }: { creatorId: string }) {
  const navigate = useNavigate();
  const { data: totals } = usePaymentTotals(creatorId);
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="p">
        Total payments {formatCents((totals?.pending ?? 0) + (totals?.completed ?? 0))}
      </Typography>
      <PaymentsTable
        tab="all_payments"
        recipient={creatorId}
        extraActions={
          <Button variant="contained" onClick={() => void navigate(`/payments/newPayment?recipient_id=${creatorId}`)}>
            New Payment
          </Button>
        }
      />
    </Stack>
  );
}
