import { formatCents } from '@budget/money';
import { Bar, CartesianGrid, ComposedChart, LabelList, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { amountTicks, seriesAmounts, tickText, type ChartPoint, type ChartSpec } from '../chart-data.js';

/** Distinct series colours (a colour-blind-safe palette); the legend names each series too. */
const COLOURS = ['#2f6f4f', '#0072b2', '#d55e00', '#cc79a7', '#e69f00', '#56b4e9', '#009e73', '#555555'];
const HEIGHT = 320;
/** Lines mark their points only when there are few of them (a month of days, not a year of weeks). */
const MAX_DOTS = 31;

export interface ReportChartProps {
  chart: ChartSpec;
  /** Budget progress: a click on a point chooses that point (its index in `chart.points`). */
  onPoint?: (index: number) => void;
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: ChartPoint;
}

/** A point that can be chosen (budget progress): named by its day, a click chooses it. */
function pointDot(colour: string, onPoint: (index: number) => void) {
  return function PointDot({ cx, cy, index = 0, payload }: DotProps) {
    return (
      <circle
        key={`point-${index}`}
        cx={cx}
        cy={cy}
        r={4}
        fill={colour}
        className="report-chart__point"
        data-testid={payload?.date ? `chart-point-${payload.date}` : undefined}
        onClick={() => onPoint(index)}
      />
    );
  };
}

/**
 * A report's chart through Recharts, loaded in its own chunk (`React.lazy` in ReportChartSlot) so
 * no other screen downloads the library. Amounts are cents, shown with `formatCents`; Recharts'
 * accessibility layer lets the keyboard move through the points, and the figure names the chart.
 */
export default function ReportChart({ chart, onPoint }: ReportChartProps) {
  // Round ticks from 0 (bars grow from zero) to past the largest amount, in cents.
  const ticks = amountTicks(seriesAmounts(chart));
  const label = (cents: unknown) => (typeof cents === 'number' && cents !== 0 ? formatCents(cents) : '');
  return (
    <figure className="report-chart" data-testid="report-chart" aria-label={chart.title}>
      <figcaption className="report-chart__title">{chart.title}</figcaption>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <ComposedChart
          data={chart.points}
          accessibilityLayer
          margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
          onClick={onPoint ? (state) => state.activeIndex != null && onPoint(Number(state.activeIndex)) : undefined}
          style={onPoint ? { cursor: 'pointer' } : undefined}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#d8dde5" />
          <XAxis dataKey="label" minTickGap={16} />
          <YAxis ticks={ticks} domain={[ticks[0]!, ticks.at(-1)!]} interval={0} tickFormatter={(cents: number) => tickText(cents, ticks)} width={88} />
          <Tooltip formatter={(value) => formatCents(Number(value))} />
          <Legend itemSorter={null} />
          {chart.series.map((series, index) =>
            series.shape === 'bar' ? (
              <Bar key={series.key} dataKey={series.key} name={series.name} fill={COLOURS[index % COLOURS.length]} isAnimationActive={false}>
                {chart.labelBars ? <LabelList dataKey={series.key} position="top" formatter={label} className="report-chart__bar-label" /> : null}
              </Bar>
            ) : (
              <Line
                key={series.key}
                dataKey={series.key}
                name={series.name}
                type="linear"
                stroke={COLOURS[index % COLOURS.length]}
                strokeWidth={2}
                dot={onPoint ? pointDot(COLOURS[index % COLOURS.length]!, onPoint) : !chart.noDots && chart.points.length <= MAX_DOTS}
                activeDot={onPoint ? false : { r: 6 }}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
