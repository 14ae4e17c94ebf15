import { formatCents } from '@budget/money';
import { ResponsiveContainer, Tooltip, Treemap } from 'recharts';
import type { BreakdownGroup } from '../chart-data.js';

const COLOURS = ['#2f6f4f', '#0072b2', '#d55e00', '#cc79a7', '#e69f00', '#56b4e9', '#009e73', '#555555'];
const HEIGHT = 360;

export interface BreakdownChartProps {
  title: string;
  groups: readonly BreakdownGroup[];
}

interface CellProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  depth?: number;
  index?: number;
  name?: string;
}

/** One rectangle: a category inside its group's colour, named when it is large enough to read. */
function Cell({ x = 0, y = 0, width = 0, height = 0, depth = 0, index = 0, name = '' }: CellProps) {
  // Groups (depth 1) are filled, largest first; their categories (depth 2) are outlined over them.
  const colour = COLOURS[index % COLOURS.length];
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} fill={depth === 1 ? colour : 'transparent'} stroke="#ffffff" strokeWidth={depth === 1 ? 3 : 1} />
      {depth === 2 && width > 60 && height > 22 ? (
        <text x={x + 6} y={y + 16} fill="#ffffff" fontSize={12} className="report-breakdown__label">
          {name.length > width / 7 ? `${name.slice(0, Math.max(1, Math.floor(width / 7) - 1))}…` : name}
        </text>
      ) : null}
    </g>
  );
}

/**
 * The spending breakdown as a treemap (Recharts, in the charts' own chunk): a block per group, a
 * rectangle per category sized by what it spent. The table under it carries the same figures for
 * screen readers and the keyboard.
 */
export default function BreakdownChart({ title, groups }: BreakdownChartProps) {
  const data = groups.map((group) => ({ name: group.name, children: group.children.map((child) => ({ name: child.name, size: child.cents })) }));
  return (
    <figure className="report-chart" data-testid="report-breakdown" aria-label={title}>
      <figcaption className="report-chart__title">{title}</figcaption>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <Treemap data={data} dataKey="size" nameKey="name" isAnimationActive={false} content={<Cell />}>
          <Tooltip formatter={(value) => formatCents(Number(value))} />
        </Treemap>
      </ResponsiveContainer>
    </figure>
  );
}
