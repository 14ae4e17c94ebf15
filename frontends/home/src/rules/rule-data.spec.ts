import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from '@budget/web';
import { ruleTargets } from './rule-data.js';

const tree = buildCategoryTree({ groups: [], categories: [{ id: '5', groupId: '9', name: 'Groceries', type: 'REGULAR', balance: 0 }] });

describe('auto-assignment rules', () => {
  it('describes where a rule sends money, by percent or fixed amount', () => {
    const categories = [
      { id: 1, categoryId: '5', amount: 100, percentage: true },
      { id: 2, categoryId: '6', amount: 1234.5, percentage: false },
    ];
    expect(ruleTargets({ categories }, tree)).toBe('Groceries 100%, #6 1,234.50');
  });
});
