import { useState } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatCents, type CashflowBucket, type CashflowInterval } from '@crewpay/core';
import { MoneyChart, MoneyChartSkeleton } from '../../../components/money-chart.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCashflow } from '../api/get-dashboard.ts';

const periodLabel = (start: string, interval: CashflowInterval) => dayjs(start).format(interval === 'month' ? 'MMM YYYY' : 'MMM D, YYYY');
const sumOf = (buckets: CashflowBucket[], figure: 'money_in' | 'money_out') => buckets.reduce((sum, bucket) => sum + bucket[figure], 0);

/** Home's "Money in and out": invoice receipts and funding against payouts, fees and refunds, by week or month, from the ledger. */
export function CashflowCard() {
  const [interval, setInterval] = useState<CashflowInterval>('month');
  const { data, isError, refetch } = useCashflow(interval);
  return (
    <Card variant="outlined" component="section" aria-labelledby="cashflow-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="cashflow-title" variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            Money in and out
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={interval}
            aria-label="Group by"
            onChange={(_event, value: CashflowInterval | null) => value && setInterval(value)}
          >
            <ToggleButton value="week">Weekly</ToggleButton>
            <ToggleButton value="month">Monthly</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {isError && <RetryNotice message="There was an issue retrieving your money in and out" onRetry={() => void refetch()} />}
        {!data && !isError && (
          <Box aria-hidden="true">
            <Skeleton variant="text" sx={{ mt: 1, maxWidth: 360 }} />
            <MoneyChartSkeleton />
          </Box>
        )}
        {data && (
          <>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Last 12 months: {formatCents(sumOf(data.buckets, 'money_in'))} in, {formatCents(sumOf(data.buckets, 'money_out'))} out
            </Typography>
            <MoneyChart
              caption={`Money in and out by ${data.interval}, last 12 months`}
              periods={data.buckets.map((bucket) => periodLabel(bucket.start, data.interval))}
              series={[
                { label: 'Money in', cents: data.buckets.map((bucket) => bucket.money_in) },
                { label: 'Money out', cents: data.buckets.map((bucket) => bucket.money_out) },
              ]}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
