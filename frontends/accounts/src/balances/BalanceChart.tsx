import { useRef } from 'react';
import { formatCents } from '@budget/money';
import { formatDate } from '@budget/web';
import { chartGeometry } from './chart-geometry.js';
import type { DayBalance } from './fill-days.js';
import { useWidth } from './use-width.js';

const HEIGHT = 200;

/** The balance over time as a line, one point per day (gaps filled with the earlier balance). */
export function BalanceChart({ days }: { days: readonly DayBalance[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const box = { width, height: HEIGHT, left: 76, right: 12, top: 18, bottom: 28 };
  const { line, yTicks, xTicks, last: point } = chartGeometry(days, box);
  const last = days.at(-1);
  return (
    <div ref={frame} className="balance-chart" data-testid="balance-chart">
      <svg width={width} height={HEIGHT} role="img" aria-label={last ? `Balance over time, ${formatCents(last.cents)} on ${formatDate(last.date)}` : 'No balances'}>
        {yTicks.map((tick) => (
          <g key={tick.cents}>
            <line className="balance-chart__grid" x1={box.left} x2={width - box.right} y1={tick.y} y2={tick.y} />
            <text className="balance-chart__label" x={box.left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
              {formatCents(tick.cents)}
            </text>
          </g>
        ))}
        {xTicks.map((tick, index) => (
          <text
            key={`${tick.date}-${index}`}
            className="balance-chart__label"
            x={tick.x}
            y={HEIGHT - 8}
            textAnchor={index === 0 ? 'start' : index === xTicks.length - 1 ? 'end' : 'middle'}
          >
            {formatDate(tick.date)}
          </text>
        ))}
        <path className="balance-chart__line" d={line} />
        {point ? <circle className="balance-chart__dot" cx={point.x} cy={point.y} r={4} /> : null}
      </svg>
    </div>
  );
}
