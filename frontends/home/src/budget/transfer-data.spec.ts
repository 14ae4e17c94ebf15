import { describe, expect, it } from 'vitest';
import { serverErrors } from './server-errors.js';
import { readBalances, readFundingInfo, readPlanAmounts, readProposals, readStoredTransfer } from './transfer-data.js';

describe('the answers the transfer dialogs read', () => {
  it('reads funding info and balances in cents', () => {
    const info = readFundingInfo({ data: [{ id: 'a', name: 'A', balance: '10.50', previousFunding: 20, previousBaseAmount: 20, previousSum: -7.25, previousCatTransfers: 0 }] });
    expect(info?.get('a')).toEqual({ balance: 1050, previousFunding: 2000, previousBaseAmount: 2000, previousSum: -725, previousCatTransfers: 0 });
    expect(readBalances([{ id: 'a', balance: -0.1 }])).toEqual(new Map([['a', -10]]));
    expect(readBalances({ oops: true })).toBeNull();
  });

  it('reads proposals with their reasons and plan amounts', () => {
    const proposals = readProposals({ data: [{ categoryId: 'a', amount: 66.67, adjusted: true, adjustedReason: 'Goal in December', fundingCategories: [], includeFundingTransfers: false }] });
    expect(proposals?.get('a')).toEqual({ amount: 6667, adjustedReason: 'Goal in December', fundingCategories: [], includeFundingTransfers: false });
    expect(readPlanAmounts({ id: 0, history: [], categories: [{ id: 'a', categoryId: 'a', amount: 100 }] })).toEqual(new Map([['a', 10000]]));
  });

  it('keeps every split field of a stored transfer', () => {
    const stored = readStoredTransfer({ id: 't', date: '2025-07-01', type: 2, version: 1, categories: [{ categoryId: 'a', amount: 5, baseAmount: 5, funder: false, fundingCategories: [{ categoryId: 'p', amount: 100, percentage: true }] }] });
    expect(stored?.categories?.[0]?.fundingCategories).toEqual([{ categoryId: 'p', amount: 100, percentage: true }]);
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
