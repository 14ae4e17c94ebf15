import { lazy, Suspense } from 'react';
import { Spinner } from '@budget/web';
import type { BreakdownChartProps } from './BreakdownChart.js';
import type { ReportChartProps } from './ReportChart.js';

/** Recharts in its own chunk: fetched the first time a report draws a chart, never by /home. */
const ReportChart = lazy(() => import('./ReportChart.js'));
const BreakdownChart = lazy(() => import('./BreakdownChart.js'));

export function ReportChartSlot(props: ReportChartProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the chart" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}

export function BreakdownChartSlot(props: BreakdownChartProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the chart" />}>
      <BreakdownChart {...props} />
    </Suspense>
  );
}
