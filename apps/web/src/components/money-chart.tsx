import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { formatCents } from '@crewpay/core';
import { visuallyHidden } from './visually-hidden.ts';

import type { MoneySeries } from './money-series.ts';

// MUI X Charts weighs more than most pages: it loads after the page's own content.
const MoneyBars = lazy(() => import('./money-bars.tsx'));

/**
 * The chart's place while it (or its figures) load: the final height, so nothing below jumps.
 * data-loading tells the e2e screenshots to wait for the chart itself.
 */
export function MoneyChartSkeleton({ height = 280 }: { height?: number }) {
  return <Skeleton variant="rectangular" height={height} data-loading="chart" />;
}

/**
 * A bar chart of amounts per period, and the same figures as a table for screen readers (the
 * chart is drawn in SVG, which they cannot read as numbers).
 */
export function MoneyChart({
  caption,
  periods,
  series,
  height = 280,
}: {
  caption: string;
  periods: string[];
  series: MoneySeries[];
  height?: number;
}) {
  return (
    <>
      <Box aria-hidden="true" sx={{ minHeight: height }}>
        <Suspense fallback={<MoneyChartSkeleton height={height} />}>
          <MoneyBars periods={periods} series={series} height={height} />
        </Suspense>
      </Box>
      {/* Hidden by its wrapper: a table ignores the 1px width and would widen the page. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((item) => (
                <th key={item.label} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((period, index) => (
              <tr key={period}>
                <th scope="row">{period}</th>
                {series.map((item) => (
                  <td key={item.label}>{formatCents(item.cents[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </>
  );
}
