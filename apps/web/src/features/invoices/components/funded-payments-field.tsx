import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { formatCents } from '@crewpay/core';
import { useCampaignPayments } from '../api/lookups.ts';

type Props = { campaignId: string; amount: number | null; value: string[]; onChange: (ids: string[]) => void };

/** 'What Payments does this Invoice fund?': shown when the campaign has payments; warns when the totals differ. */
export function FundedPaymentsField({ campaignId, amount, value, onChange }: Props) {
  const { data } = useCampaignPayments(campaignId);
  const payments = (data?.data ?? []).filter((payment) => payment.status !== 'canceled');
  if (payments.length === 0) return null;
  const funded = payments.filter((payment) => value.includes(payment.id)).reduce((sum, payment) => sum + payment.amount, 0);
  const isMismatched = value.length > 0 && amount !== null && funded !== amount;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          What Payments does this Invoice fund?
        </Typography>
        <Tooltip title="If the earnings of the funded payments do not match the invoice, accounting journal entries for this invoice will fail.">
          <InfoOutlined fontSize="small" color="action" aria-label="About funded payments" />
        </Tooltip>
      </Stack>
      {payments.map((payment) => (
        <FormControlLabel
          key={payment.id}
          control={
            <Checkbox
              checked={value.includes(payment.id)}
              onChange={(event) => onChange(event.target.checked ? [...value, payment.id] : value.filter((id) => id !== payment.id))}
            />
          }
          label={`${payment.recipient_name} · ${formatCents(payment.amount)}`}
        />
      ))}
      {isMismatched && (
        <Typography variant="body2" color="warning.main">
          Funded payments total {formatCents(funded)}, the invoice {formatCents(amount)}: accounting journal entries will fail until they
          match.
        </Typography>
      )}
    </Stack>
  );
}
