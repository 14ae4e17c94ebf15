import { describe, expect, it } from 'vitest';
import {
  defaultFundingRows,
  fundingRowsError,
  fundingRowsFromWire,
  fundingRowsToWire,
  fundingSources,
  newFundingRow,
  removeFundingRow,
  FUNDING_ROW_MESSAGES,
} from './funding-rows.js';

const strip = <T extends { key: string }>(rows: T[]) => rows.map(({ key: _key, ...rest }) => rest);

describe('funding category rows', () => {
  it('defaults to 100 percent from the Funding Pool; new rows are Unassigned, 0, percent', () => {
    expect(strip(defaultFundingRows('pool'))).toEqual([{ categoryId: 'pool', amount: 10_000, percentage: true }]);
    expect(strip([newFundingRow('un')])).toEqual([{ categoryId: 'un', amount: 0, percentage: true }]);
  });

  it('refuses to remove the last remaining row', () => {
    const one = defaultFundingRows('pool');
    expect(removeFundingRow(one, 0)).toEqual(one);
    const two = [...one, newFundingRow('un')];
    expect(removeFundingRow(two, 0)).toEqual([two[1]]);
  });

  it('reads dollars and percents from the wire as hundredths, and writes them back', () => {
    const rows = fundingRowsFromWire([{ categoryId: 'a', amount: 33.33, percentage: true }, { categoryId: 7, amount: '12.50', percentage: false }], 'pool');
    expect(strip(rows)).toEqual([
      { categoryId: 'a', amount: 3333, percentage: true },
      { categoryId: '7', amount: 1250, percentage: false },
    ]);
    expect(fundingRowsToWire(rows)).toEqual([
      { categoryId: 'a', amount: 33.33, percentage: true },
      { categoryId: '7', amount: 12.5, percentage: false },
    ]);
    expect(fundingSources(rows)).toEqual([
      { categoryId: 'a', amount: 3333, percentage: true },
      { categoryId: '7', amount: 1250, percentage: false },
    ]);
  });

  it('gives the default split for an empty list', () => {
    expect(strip(fundingRowsFromWire([], 'pool'))).toEqual([{ categoryId: 'pool', amount: 10_000, percentage: true }]);
    expect(strip(fundingRowsFromWire(null, 'pool'))).toHaveLength(1);
  });

  it('needs a category on every row and percentages of at most 100', () => {
    expect(fundingRowsError(defaultFundingRows('pool'))).toBeNull();
    expect(fundingRowsError(defaultFundingRows(null))).toBe(FUNDING_ROW_MESSAGES.category);
    expect(fundingRowsError([...defaultFundingRows('pool'), { ...newFundingRow('un'), amount: 1 }])).toBe(FUNDING_ROW_MESSAGES.percent);
    expect(fundingRowsError([...defaultFundingRows('pool'), { ...newFundingRow('un'), amount: 500, percentage: false }])).toBeNull();
  });
});
