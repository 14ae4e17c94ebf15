import { describe, expect, it } from 'vitest';
import { serverErrors } from './server-errors.js';
import { balanceMap, fundingInfoMap, planAmounts, proposalMap } from './transfer-data.js';

describe('the answers the transfer dialogs read', () => {
  it('reads funding info and balances in cents', () => {
    const info = fundingInfoMap({ data: [{ id: 'a', name: 'A', balance: 10.5, previousFunding: 20, previousBaseAmount: 20, previousSum: -7.25, previousCatTransfers: 0 }] });
    expect(info.get('a')).toEqual({ balance: 1050, previousFunding: 2000, previousBaseAmount: 2000, previousSum: -725, previousCatTransfers: 0 });
    expect(balanceMap([{ id: 'a', balance: -0.1 }])).toEqual(new Map([['a', -10]]));
  });

  it('refuses the category tree where funding info was asked for', () => {
    expect(() => fundingInfoMap({ data: { groups: [], categories: [] } })).toThrow('invalid response');
  });

  it('reads proposals with their reasons and plan amounts', () => {
    const proposals = proposalMap({ data: [{ categoryId: 'a', amount: 16.67, due: 66.67, funded: 50, adjusted: true, adjustedReason: 'Goal in December', fundingCategories: [], includeFundingTransfers: false }] });
    expect(proposals.get('a')).toEqual({ amount: 1667, due: 6667, funded: 5000, adjustedReason: 'Goal in December', fundingCategories: [], includeFundingTransfers: false });
    expect(planAmounts({ id: 0, history: [], categories: [{ id: 'a', categoryId: 'a', amount: 100, useGoal: false, goalDate: null, recurrence: 1 }] })).toEqual(new Map([['a', 10000]]));
  });
});

describe('server errors on form fields', () => {
  it('puts nested fields on their list and the rest in the general error', () => {
    const body = { errors: [
      { field: 'fundingCategories.0.amount', message: 'A percentage must be at most 100.', code: 'max' },
      { source: { pointer: '/data/attributes/name' }, detail: 'The name has already been taken', code: 'database.unique' },
      { code: 'HAS_CHILDREN', detail: 'Unable to delete the group because it contains one or more categories' },
    ] };
    expect(serverErrors(body, ['name', 'fundingCategories'])).toEqual({
      fields: { fundingCategories: 'A percentage must be at most 100.', name: 'The name has already been taken' },
      general: 'Unable to delete the group because it contains one or more categories',
    });
  });

  it('gives the generic error for an answer without an errors list', () => {
    expect(serverErrors('Bad Gateway', ['name']).general).toMatch(/error/i);
  });
});
