import { describe, expect, it } from 'vitest';
import { edgeRange } from './report-range.js';
import { netWorthBucket, netWorthTable } from './net-worth/net-worth.sql.js';

describe('a report range split into whole months and edge days', () => {
  it('reads partial first and last months from the facts, whole months from the aggregates', () => {
    expect(edgeRange('2025-01-15', '2025-03-10')).toEqual({ lo: '2025-01-15', hi: '2025-03-10', fullLo: '2025-02-01', fullHi: '2025-03-01' });
    expect(edgeRange('2025-01-01', '2025-03-31')).toEqual({ lo: '2025-01-01', hi: '2025-03-31', fullLo: '2025-01-01', fullHi: '2025-04-01' });
    expect(edgeRange('2024-12-01', '2025-02-28')).toEqual({ lo: '2024-12-01', hi: '2025-02-28', fullLo: '2024-12-01', fullHi: '2025-03-01' });
    expect(edgeRange('2024-02-01', '2024-02-29').fullHi).toBe('2024-03-01');
  });

  it('has no whole month inside one month, and open ends are infinite', () => {
    expect(edgeRange('2025-02-02', '2025-02-11')).toEqual({ lo: '2025-02-02', hi: '2025-02-11', fullLo: 'infinity', fullHi: 'infinity' });
    expect(edgeRange('2025-02-02', '2025-03-01')).toEqual({ lo: '2025-02-02', hi: '2025-03-01', fullLo: 'infinity', fullHi: 'infinity' });
    expect(edgeRange()).toEqual({ lo: '-infinity', hi: 'infinity', fullLo: '-infinity', fullHi: 'infinity' });
    expect(edgeRange(undefined, '2025-02-11')).toEqual({ lo: '-infinity', hi: '2025-02-11', fullLo: '-infinity', fullHi: '2025-02-01' });
  });
});

describe('net worth', () => {
  it('buckets by day up to half a year, week up to two years, month up to ten, then year', () => {
    expect([183, 184, 730, 731, 3652, 3653].map(netWorthBucket)).toEqual(['day', 'week', 'week', 'month', 'month', 'year']);
  });

  it('answers a header of the types held, in catalogue order, then dollars per type', () => {
    const cells = [
      { day: '2025-01-01', type: 'loan', cents: '-500000' }, { day: '2025-01-01', type: 'depository', cents: '100050' },
      { day: '2025-01-02', type: 'loan', cents: '-490000' }, { day: '2025-01-02', type: 'depository', cents: '90000' },
    ];
    expect(netWorthTable(cells, ['loan', 'depository'])).toEqual([['date', 'Depository', 'Loan'], ['2025-01-01', 1000.5, -5000], ['2025-01-02', 900, -4900]]);
  });
});
