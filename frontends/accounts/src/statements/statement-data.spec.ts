import { describe, expect, it } from 'vitest';
import { newestFirst, statementDifference, statementLabel, type Statement } from './statement-data.js';

const statement = (id: string, endDate: string): Statement => ({
  id, accountId: 'a', startDate: '2025-01-01', endDate, startingBalance: 0, endingBalance: 1, credits: 0, debits: 0,
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
