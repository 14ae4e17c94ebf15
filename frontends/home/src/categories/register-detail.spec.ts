import { describe, expect, it } from 'vitest';
import type { CategoryTree, TransactionData } from '@budget/web';
import { categoryRegisterDetail } from './register-detail.js';

const tree = { unassigned: { name: 'Unassigned' }, categories: new Map([['g', { path: 'Food: Groceries' }], ['d', { path: 'Food: Dining Out' }]]) } as unknown as CategoryTree;
const row = (account: string | null, categories: string[]) =>
  ({
    id: 't', date: '2025-03-05', type: account ? 5 : 3, categories: categories.map((categoryId) => ({ categoryId, amount: -1, comment: null })),
    accountTransaction: account ? { account: { id: 'a', name: account, institution: { name: 'Bank' } } } : null,
  }) as unknown as TransactionData;

describe('the category column of a category register (the account has its own column)', () => {
  it('is empty for a row wholly in one category: the account is not repeated here', () => {
    expect(categoryRegisterDetail(row('Checking', ['g']), tree)).toBe('');
    expect(categoryRegisterDetail(row('Visa', []), tree)).toBe('');
  });

  it('names the categories of a split, and a rebalance shows its categories', () => {
    expect(categoryRegisterDetail(row('Checking', ['g', 'd']), tree)).toBe('Food: Groceries, Food: Dining Out');
    expect(categoryRegisterDetail(row(null, ['g', 'd']), tree)).toBe('Food: Groceries, Food: Dining Out');
  });
});
