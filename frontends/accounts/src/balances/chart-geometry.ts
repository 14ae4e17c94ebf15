import type { Cents } from '@budget/money';
import type { DayBalance } from './fill-days.js';

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left and bottom. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface ChartGeometry {
  /** The SVG path of the line. */
  line: string;
  /** The horizontal guide lines with their amounts. */
  yTicks: { y: number; cents: Cents }[];
  /** Date labels along the bottom. */
  xTicks: { x: number; date: string }[];
  /** The newest point, marked on the line. */
  last: { x: number; y: number } | null;
}

/** A whole-cent step of 1, 2 or 5 times a power of ten that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = Math.max(span, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power;
  return Math.max(1, Math.round(step));
}

/** Positions of the balance line in a box: days spread evenly, amounts on rounded guide lines. */
export function chartGeometry(days: readonly DayBalance[], box: ChartBox, tickCount = 4): ChartGeometry {
  if (days.length === 0) return { line: '', yTicks: [], xTicks: [], last: null };
  const values = days.map((d) => d.cents);
  const step = niceStep(Math.max(...values) - Math.min(...values), tickCount);
  const low = Math.floor(Math.min(...values) / step) * step;
  const high = Math.max(low + step, Math.ceil(Math.max(...values) / step) * step);
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const x = (i: number) => box.left + (days.length === 1 ? plotW / 2 : (i / (days.length - 1)) * plotW);
  const y = (cents: number) => box.top + plotH - ((cents - low) / (high - low)) * plotH;
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.cents).toFixed(1)}`).join(' ');
  const yTicks = [];
  for (let cents = low; cents <= high; cents += step) yTicks.push({ y: y(cents), cents });
  const labels = Math.min(days.length, Math.max(2, Math.floor(plotW / 90)));
  const xTicks = Array.from({ length: labels }, (_, k) => {
    const i = labels === 1 ? 0 : Math.round((k / (labels - 1)) * (days.length - 1));
    return { x: x(i), date: days[i]!.date };
  });
  return { line, yTicks, xTicks, last: { x: x(days.length - 1), y: y(days.at(-1)!.cents) } };
}
