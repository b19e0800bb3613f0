import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type CampaignDetail } from '@crewpay/core';

function Figure({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" aria-label={label} sx={{ fontWeight: 700, color: cents < 0 ? 'error.main' : undefined }}>
        {formatCents(cents)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Stack>
  );
}

/** Income: current (paid invoices minus completed payments) and projected (gross revenue = budget minus total payments). */
export function IncomeCard({ campaign }: { campaign: CampaignDetail }) {
  const { figures } = campaign;
  return (
    <Card variant="outlined" component="section" aria-label="Income">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
          Income
        </Typography>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Current" cents={figures.income_current} hint="Paid invoices minus completed payments" />
          <Figure
            label="Projected"
            cents={figures.income_projected}
            hint={`Budget ${formatCents(campaign.deal_size ?? 0)} minus payments ${formatCents(figures.total_payments)}`}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
