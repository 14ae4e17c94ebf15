import type { UpcomingView } from '@budget/contracts';
import { wireCents } from '@budget/web';

/** The first and last day of `YYYY-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export interface ExpectedCategory {
  categoryId: string;
  /** Integer cents, summed exactly. */
  cents: number;
  count: number;
}

/**
 * A month's expected spending (docs/architecture.md §8 "Scheduled transactions"): the occurrences
 * not posted yet, summed per category in integer cents (a posted one is already in Activity), the
 * largest outflow first.
 */
export function expectedByCategory(rows: readonly UpcomingView[]): { total: number; categories: ExpectedCategory[] } {
  const byCategory = new Map<string, ExpectedCategory>();
  let total = 0;
  for (const row of rows) {
    total += wireCents(row.amount);
    for (const split of row.categories) {
      const entry = byCategory.get(split.categoryId) ?? { categoryId: split.categoryId, cents: 0, count: 0 };
      entry.cents += wireCents(split.amount);
      entry.count += 1;
      byCategory.set(split.categoryId, entry);
    }
  }
  return { total, categories: [...byCategory.values()].sort((a, b) => a.cents - b.cents || a.categoryId.localeCompare(b.categoryId)) };
}
