import { describe, expect, it } from 'vitest';
import { toCsv } from './report-csv.js';

describe('report CSV', () => {
  it('writes amounts as plain decimals from cents, ISO dates, quotes where needed, and the totals row', () => {
    const csv = toCsv({
      headers: ['Date', 'Payee, "name"', 'Count', 'Sum'],
      rows: [
        [{ date: '2026-11-01' }, { text: 'Cafe, "The"' }, { count: 3 }, { cents: -123450 }],
        [{ date: '2026-11-02' }, { text: 'Tiny' }, { count: 1 }, { cents: 5 }],
      ],
      footer: [{ text: 'Total' }, { text: '' }, { count: 4 }, { cents: 30 }],
    });
    expect(csv).toBe(['Date,"Payee, ""name""",Count,Sum', '2026-11-01,"Cafe, ""The""",3,-1234.50', '2026-11-02,Tiny,1,0.05', 'Total,,4,0.30'].join('\r\n'));
  });

  it('writes months with four-digit years and keeps a zero amount as 0.00', () => {
    expect(toCsv({ headers: ['Month', 'Net'], rows: [[{ month: '2026-01' }, { cents: 0 }]] })).toBe('Month,Net\r\n2026-01,0.00');
  });
});
