import { BarChart } from '@mui/x-charts/BarChart';
import { chartAxisLabel, formatCents } from '@crewpay/core';
import type { MoneySeries } from './money-series.ts';

/** The bars themselves (MUI X Charts, loaded apart from the page: see MoneyChart); dollars on the axis, cents in the tooltips. */
export default function MoneyBars({ periods, series, height }: { periods: string[]; series: MoneySeries[]; height: number }) {
  const money = (value: number | null) => (value === null ? '' : formatCents(Math.round(value * 100)));
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: periods }]}
      yAxis={[{ valueFormatter: (value: number) => chartAxisLabel(value), width: 70 }]}
      series={series.map((item) => ({ label: item.label, valueFormatter: money, data: item.cents.map((cents) => cents / 100) }))}
    />
  );
}
