import { lazy, Suspense } from 'react';
import { Spinner } from '@budget/web';
import type { DayBalance } from './fill-days.js';

/** Recharts in its own chunk: fetched when a balance history is first shown. */
const BalanceChart = lazy(() => import('./BalanceChart.js'));

export function BalanceChartSlot({ days }: { days: readonly DayBalance[] }) {
  return (
    <Suspense fallback={<Spinner label="Loading the chart" />}>
      <BalanceChart days={days} />
    </Suspense>
  );
}
