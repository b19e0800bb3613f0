import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { usePaymentTotals } from '../api/payments.ts';
import { PaymentsTable } from './payments-table.tsx';
import { PaymentsTotal } from './payments-total.tsx';

/** The creator profile's Payments tab: total, Send email reminder, Execute Payments, New Payment. */
export function CreatorPaymentsTab({ creatorId }: { creatorId: string }) {
  const navigate = useNavigate();
  const { data: totals } = usePaymentTotals(creatorId);
  return (
    <Stack spacing={2}>
      <PaymentsTotal totals={totals} />
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
