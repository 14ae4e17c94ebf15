import { describe, expect, test } from 'vitest';
import { projectionOrder } from '@budget/platform';
import { allProjections } from './index.js';

/**
 * The read models run side by side on a write's client (docs/architecture.md §4.8): the real list
 * must be in an order `applyEvents` accepts, and the projections that read the budget's categories
 * must wait for the budget's projection, which writes them.
 */
describe('every read model, side by side', () => {
  const order = projectionOrder(allProjections);
  const named = (name: string) => order.find((o) => o.projection.name === name)!;
  const budget = order.findIndex((o) => o.projection.tables.includes('budget_categories'));

  test('the list is in an order applyEvents accepts, each table written by one projection', () => {
    const tables = allProjections.flatMap((p) => p.tables);
    expect(new Set(tables).size).toBe(tables.length);
    expect(budget).toBeGreaterThanOrEqual(0);
  });

  test('the ledger (its payees) and the reports start after the budget’s categories are written; the rest start at once', () => {
    expect(named('ledger').after).toEqual([budget]);
    expect(named('reporting').after).toEqual([budget]);
    for (const o of order.filter((o) => !['ledger', 'reporting'].includes(o.projection.name))) expect(o.after, o.projection.name).toEqual([]);
  });
});
