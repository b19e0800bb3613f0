import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type PaymentTotalsAnswer } from '@crewpay/core';

/**
 * "Total payments $X": pending and completed. When pending holds payments entered in another
 * currency whose dollars are still the quote's estimate (GET /v1/payments/totals' pending_estimated),
 * the figure says "(estimate)" as those payments' own amounts do, and why.
 */
export function PaymentsTotal({ totals }: { totals: PaymentTotalsAnswer | undefined }) {
  const total = (totals?.pending ?? 0) + (totals?.completed ?? 0);
  const isEstimate = (totals?.pending_estimated ?? 0) > 0;
  return (
    <Stack>
      <Typography variant="h6" component="p">
        Total payments {formatCents(total)}
        {isEstimate && ' (estimate)'}
      </Typography>
      {isEstimate && (
        <Typography variant="body2" color="text.secondary">
          {`Includes ${formatCents(totals!.pending_estimated)} estimated in USD at Nium's rate for payments entered in another currency: Execute's quote fixes it.`}
        </Typography>
      )}
    </Stack>
  );
}
