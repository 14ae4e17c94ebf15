import { describe, expect, it } from 'vitest';
import type { UpcomingView } from '@budget/contracts';
import { expectedByCategory, monthRange } from './scheduled-spending.js';

const row = (amount: number, categories: [string, number][]): UpcomingView => ({
  scheduleId: 's', date: '2024-02-01', postDate: '2024-02-01', accountId: 'a', name: 'x', amount, billId: null, overdue: false,
  categories: categories.map(([categoryId, value]) => ({ categoryId, amount: value, comment: null })),
});

describe('scheduled spending of a month', () => {
  it('spans the whole month, leap February included', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2023-02')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('sums per category in cents, exactly (0.1 + 0.2), the largest outflow first', () => {
    const { total, categories } = expectedByCategory([row(-0.1, [['food', -0.1]]), row(-0.2, [['food', -0.2]]), row(-50, [['rent', -45.5], ['food', -4.5]])]);
    expect(total).toBe(-5030);
    expect(categories).toEqual([{ categoryId: 'rent', cents: -4550, count: 1 }, { categoryId: 'food', cents: -480, count: 3 }]);
  });
});
