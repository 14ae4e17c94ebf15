import { describe, expect, test } from 'vitest';
import { balanceMoves, previewRule } from './preview.js';

const rule = { searchStrings: ['grocer'], categories: [{ categoryId: 'A', amount: 5000, percentage: true }, { categoryId: 'B', amount: 5000, percentage: true }] };

describe('a rule previewed on Unassigned rows', () => {
  test('lists the rows it matches with their splits, and nets the balance moves (Unassigned gives back what the categories take)', () => {
    const rows = [
      { transactionId: '1', date: '2025-03-02', name: 'CITY GROCER', amountCents: -1001, counted: true },
      { transactionId: '2', date: '2025-03-01', name: 'COFFEE', amountCents: -475, counted: true },
      { transactionId: '3', date: '2025-03-01', name: 'grocer refund', amountCents: 200, counted: true },
    ];
    const { matches, moves } = previewRule(rule, rows, 'U');
    expect(matches.map((m) => [m.row.transactionId, m.searchString, m.splits])).toEqual([
      ['1', 'grocer', [{ categoryId: 'A', amount: -501 }, { categoryId: 'B', amount: -500 }]],
      ['3', 'grocer', [{ categoryId: 'A', amount: 100 }, { categoryId: 'B', amount: 100 }]],
    ]);
    expect(moves).toEqual([{ categoryId: 'U', change: 801 }, { categoryId: 'A', change: -401 }, { categoryId: 'B', change: -400 }]);
  });

  test('a row dated before its account start date is matched and split, but moves no balance', () => {
    const rows = [
      { transactionId: '1', date: '2025-03-02', name: 'CITY GROCER', amountCents: -1000, counted: true },
      { transactionId: '2', date: '2025-01-02', name: 'OLD GROCER', amountCents: -9999, counted: false },
    ];
    const { matches, moves } = previewRule(rule, rows, 'U');
    expect(matches.map((m) => m.row.transactionId)).toEqual(['1', '2']);
    expect(moves).toEqual([{ categoryId: 'U', change: 1000 }, { categoryId: 'A', change: -500 }, { categoryId: 'B', change: -500 }]);
    // Only uncounted rows: nothing moves at all.
    expect(balanceMoves(matches.filter((m) => !m.row.counted), 'U')).toEqual([]);
  });
});
