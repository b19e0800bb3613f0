import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatCents, type CampaignProfitFigures } from '@crewpay/core';
import { MoneyChart } from '../../../components/money-chart.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCampaignProfit } from '../api/campaigns.ts';

const FIGURES: { key: keyof CampaignProfitFigures; label: string }[] = [
  { key: 'deal_size', label: 'Deal size' },
  { key: 'invoiced', label: 'Invoiced' },
  { key: 'collected', label: 'Collected' },
  { key: 'paid_out', label: 'Paid out' },
  { key: 'withheld_tax', label: 'Withheld tax' },
  { key: 'fees', label: 'Fees' },
  { key: 'refunds', label: 'Refunds' },
  { key: 'disputes', label: 'Disputes' },
  { key: 'margin', label: 'Margin' },
];

/** Profit: the campaign's money from the ledger (margin = collected - paid out - withheld tax - fees), as figures and by month. */
export function ProfitCard({ campaignId }: { campaignId: string }) {
  const { data, isError, refetch } = useCampaignProfit(campaignId);
  return (
    <Card variant="outlined" component="section" aria-labelledby="profit-title">
      <CardContent>
        <Typography id="profit-title" variant="h6" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
          Profit
        </Typography>
        {isError && <RetryNotice message="There was an issue retrieving your campaign's profit" onRetry={() => void refetch()} />}
        {data && (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
              {FIGURES.map(({ key, label }) => (
                <div key={key}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700, color: data[key] < 0 ? 'error.main' : undefined }}>
                    {formatCents(data[key])}
                  </Typography>
                </div>
              ))}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              In USD: an invoice billed in another currency counts at the USD Stripe settled, once paid.
            </Typography>
            <MoneyChart
              caption="Collected, paid out and fees by month, last 12 months"
              height={240}
              periods={data.months.map((month) => dayjs(month.start).format('MMM YYYY'))}
              series={[
                { label: 'Collected', cents: data.months.map((month) => month.collected) },
                { label: 'Paid out', cents: data.months.map((month) => month.paid_out) },
                { label: 'Fees', cents: data.months.map((month) => month.fees) },
              ]}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
