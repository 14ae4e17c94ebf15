import { describe, expect, it } from 'vitest';
import type { BudgetMonthView } from '@budget/contracts';
import { currentMonth, monthRows, readMonth } from './month-rows.js';

const category = (id: string, name: string, available: number, extra: Partial<BudgetMonthView['groups'][number]['categories'][number]> = {}) => ({
  id, name, type: 'REGULAR' as const, hidden: false, parentCategoryId: null, funded: 0, activity: 0, available, overspent: available < 0, ...extra,
});
const group = (id: string, name: string, type: 'SYSTEM' | 'NO GROUP' | 'REGULAR', categories: ReturnType<typeof category>[], parentGroupId: string | null = null) => ({
  id, name, type, hidden: false, parentGroupId,
  funded: categories.reduce((s, c) => s + c.funded, 0), activity: categories.reduce((s, c) => s + c.activity, 0),
  available: categories.reduce((s, c) => s + c.available, 0), overspentCount: categories.filter((c) => c.overspent).length, categories,
});

describe('month table lines', () => {
  const view: BudgetMonthView = {
    month: '2026-03', previousMonth: '2026-02', nextMonth: '2026-04', readyToFund: 10, income: 20, funded: 5, overspentCount: 1,
    groups: [
      group('s', 'System', 'SYSTEM', [category('p', 'Funding Pool', 10, { type: 'FUNDING POOL' })]),
      group('n', 'NoGroup', 'NO GROUP', []),
      group('f', 'Food', 'REGULAR', [category('g', 'Groceries', -12.5, { funded: 5, activity: -17.5 }), category('d', 'Dining Out', 0), category('h', 'Hidden', 0, { hidden: true })]),
      group('b', 'Bills', 'REGULAR', [category('e', 'Electric', 3)]),
      group('k', 'Kids', 'REGULAR', [category('t', 'Toys', 1)], 'f'),
    ],
  };

  it('puts System first, leaves out an empty ungrouped section and hidden untouched categories, sorts groups by name with subgroups under their parent', () => {
    expect(monthRows(view).map((r) => `${r.level}:${r.kind}:${r.name}`)).toEqual([
      '0:group:System', '1:category:Funding Pool',
      '0:group:Bills', '1:category:Electric',
      '0:group:Food', '1:category:Dining Out', '1:category:Groceries', '1:group:Kids', '2:category:Toys',
    ]);
  });

  it('carries cents exactly and the overspent mark', () => {
    const groceries = monthRows(view).find((r) => r.name === 'Groceries')!;
    expect(groceries).toMatchObject({ funded: 500, activity: -1750, available: -1250, overspent: true, categoryId: 'g' });
    expect(monthRows(view).find((r) => r.name === 'Food')).toMatchObject({ kind: 'group', available: -1250, overspentCount: 1 });
  });

  it('reads only real months from the path', () => {
    expect(readMonth('2026-03')).toBe('2026-03');
    for (const bad of ['2026-13', '2026-00', '2026-3', 'x', undefined]) expect(readMonth(bad)).toBeNull();
    expect(currentMonth(new Date(2026, 0, 31))).toBe('2026-01');
  });
});
