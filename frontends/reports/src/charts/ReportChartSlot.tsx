import { lazy, Suspense } from 'react';
import { Spinner } from '@budget/web';
import type { ReportChartProps } from './ReportChart.js';

/** Recharts in its own chunk: fetched the first time a report draws a chart, never by /home. */
const ReportChart = lazy(() => import('./ReportChart.js'));

export function ReportChartSlot(props: ReportChartProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the chart" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}
