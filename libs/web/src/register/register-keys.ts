import { moneyDisplay } from '../money/money.js';
import type { RegisterRow } from './register-rows.js';

/**
 * The register's keyboard (docs/architecture.md §9): the register is one Tab stop; Up/Down move one
 * row, PageUp/PageDown a screenful, Home/End to the first and last loaded row, Enter or Space
 * opens the row.
 */
export type RegisterKeyOutcome = { move: number } | { open: true } | null;

export function registerKey(key: string, active: number, count: number, pageRows: number): RegisterKeyOutcome {
  if (count === 0) return null;
  const to = (index: number) => ({ move: Math.min(count - 1, Math.max(0, index)) });
  switch (key) {
    case 'ArrowDown':
      return to(active + 1);
    case 'ArrowUp':
      return to(active - 1);
    case 'PageDown':
      return to(active + Math.max(1, pageRows));
    case 'PageUp':
      return to(active - Math.max(1, pageRows));
    case 'Home':
      return to(0);
    case 'End':
      return to(count - 1);
    case 'Enter':
    case ' ':
      return { open: true };
    default:
      return null;
  }
}

/** The rows to draw: the virtualiser's range plus the row holding the focus, so it is never unmounted. */
export function withActiveRow(indexes: readonly number[], active: number, count: number): number[] {
  if (active < 0 || active >= count || indexes.includes(active)) return [...indexes];
  return [...indexes, active].sort((a, b) => a - b);
}

/**
 * The width of the amount and balance columns in characters: wide enough for the longest amount
 * loaded (docs/architecture.md §9: "-99,999,999.99" is never cut off), at least the 11 of the usual ones.
 */
export function amountColumnChars(rows: readonly Pick<RegisterRow, 'amount' | 'balance'>[]): number {
  let widest = 11;
  for (const row of rows) {
    widest = Math.max(widest, moneyDisplay(row.amount).text.length);
    if (row.balance !== null) widest = Math.max(widest, moneyDisplay(row.balance).text.length);
  }
  return widest;
}
