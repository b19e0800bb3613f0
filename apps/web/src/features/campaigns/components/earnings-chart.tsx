import { BarChart } from '@mui/x-charts/BarChart';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { chartAxisLabel, formatCents, type CampaignFigures } from '@crewpay/core';

/** Earnings: invoices against payments, each split into completed and incomplete (dollars on the axis). */
export function EarningsChart({ figures }: { figures: CampaignFigures }) {
  const dollars = (cents: number) => cents / 100;
  const money = (value: number | null) => (value === null ? '' : formatCents(Math.round(value * 100)));
  return (
    <Card variant="outlined" component="section" aria-label="Earnings">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          Earnings
        </Typography>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: ['Invoices', 'Payments'] }]}
          yAxis={[{ valueFormatter: (value: number) => chartAxisLabel(value), width: 70 }]}
          series={[
            {
              label: 'Completed',
              stack: 'total',
              valueFormatter: money,
              data: [dollars(figures.invoices_completed), dollars(figures.payments_completed)],
            },
            {
              label: 'Incomplete',
              stack: 'total',
              valueFormatter: money,
              data: [dollars(figures.invoices_incomplete), dollars(figures.payments_incomplete)],
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
