import { formatCents } from '@budget/money';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartDate, type DayBalance } from './fill-days.js';

const HEIGHT = 220;

/**
 * The balance over time as a line through Recharts (the charting library of the reports remote
 * too), one point per day oldest first (`fillDays`), loaded in its own chunk by BalanceChartSlot.
 */
export default function BalanceChart({ days }: { days: readonly DayBalance[] }) {
  const last = days.at(-1);
  return (
    <figure
      className="balance-chart"
      data-testid="balance-chart"
      aria-label={last ? `Balance over time, ${formatCents(last.cents)} on ${chartDate(last.date)}` : 'No balances'}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={days} accessibilityLayer margin={{ top: 16, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d8dde5" vertical={false} />
          <XAxis dataKey="date" tickFormatter={chartDate} minTickGap={24} />
          <YAxis tickFormatter={(cents: number) => formatCents(cents)} width={88} domain={['auto', 'auto']} />
          <Tooltip labelFormatter={(date) => chartDate(String(date))} formatter={(cents) => [formatCents(Number(cents)), 'Balance']} />
          <Line dataKey="cents" name="Balance" type="stepAfter" stroke="#2f6f4f" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
