import { describe, expect, it } from 'vitest';
import type { TransactionData } from '@budget/web';
import { newestFirst, statementDifference, statementLabel, tickedChange, type Statement } from './statement-data.js';

const statement = (id: string, endDate: string): Statement => ({
  id, accountId: 'a', startDate: '2025-01-01', endDate, startingBalance: 0, endingBalance: 1, credits: 0, debits: 0, finished: false, reconciledAt: null,
});

describe('statements', () => {
  it('sorts statements by end date, newest first', () => {
    const read = newestFirst([statement('1', '2025-01-31'), statement('2', '2025-03-31'), statement('3', '2025-02-28')]);
    expect(read.map((s) => s.id)).toEqual(['2', '3', '1']);
  });

  it('works out what the reconciled rows leave unexplained, in cents', () => {
    const full = { ...statement('s1', '2025-01-31'), startingBalance: 1250, endingBalance: 1204.33, credits: 0, debits: -45.67 };
    expect(statementDifference(full)).toBe(0);
    expect(statementDifference({ ...full, debits: 0 })).toBe(-4567);
    expect(statementLabel(full)).toBe('01/01/2025 – 01/31/2025');
  });
});

describe('the live difference', () => {
  const row = (id: string, amount: number, statementId: string | null) => ({ id, amount, transaction: { id, accountTransaction: { statementId } } as unknown as TransactionData });
  const rows = [row('a', -4000, null), row('b', 25050, null), row('c', -1225, 's1'), row('d', -999, 'other')];

  it('moves by each tick still on its way: joining adds the amount, leaving takes it away', () => {
    expect(tickedChange('s1', new Map(), rows)).toBe(0);
    expect(tickedChange('s1', new Map([['a', 's1']]), rows)).toBe(-4000);
    expect(tickedChange('s1', new Map([['a', 's1'], ['b', 's1']]), rows)).toBe(21050);
    expect(tickedChange('s1', new Map([['c', null]]), rows)).toBe(1225);
    // A row of another statement is not this one's business.
    expect(tickedChange('s1', new Map([['d', 'other']]), rows)).toBe(0);
  });

  it('ending − starting − ticked: 1,178.25 − 980.00 − (−40.00 + 250.50) leaves −12.25', () => {
    const stmt = { ...statement('s1', '2025-04-30'), startingBalance: 980, endingBalance: 1178.25, credits: 0, debits: -40 };
    expect(statementDifference(stmt) - tickedChange('s1', new Map([['b', 's1']]), rows)).toBe(-1225);
  });
});
