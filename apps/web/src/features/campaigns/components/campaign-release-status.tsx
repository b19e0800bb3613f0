import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { campaignReleaseLabel, formatCents } from '@crewpay/core';
import { useCampaignReleases } from '../../../entities/invoices/index.ts';

/**
 * Above the campaign's payments: each draft that waits on an invoice's payment ("Release when
 * paid") and what for, in the words Execute and the invoice use. Nothing when none waits.
 */
export function CampaignReleaseStatus({ campaignId }: { campaignId: string }) {
  const { data } = useCampaignReleases(campaignId);
  if (!data || data.length === 0) return null;
  const held = data.some((release) => release.status === 'held');
  return (
    <Alert severity={held ? 'warning' : 'info'} aria-label="Payments waiting on an invoice">
      <AlertTitle>Payments waiting on an invoice</AlertTitle>
      {data.map((release) => (
        <Typography key={release.payment_id} variant="body2">
          <Link component={RouterLink} to={`/payments/${release.payment_id}`}>
            {formatCents(release.amount)} to {release.recipient_name || 'a payee'}
          </Link>
          {': '}
          <Link component={RouterLink} to={`/invoices/${release.invoice_id}`} color="inherit">
            {campaignReleaseLabel(release)}
          </Link>
        </Typography>
      ))}
    </Alert>
  );
}
