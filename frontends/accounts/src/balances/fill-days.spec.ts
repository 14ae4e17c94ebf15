import { describe, expect, it } from 'vitest';
import { chartDate, fillDays } from './fill-days.js';

describe('fillDays', () => {
  it('fills missing days with the earlier balance, oldest first', () => {
    const filled = fillDays([
      { date: '2025-03-04', cents: 700 },
      { date: '2025-02-27', cents: 500 },
      { date: '2025-03-01', cents: -25 },
    ]);
    expect(filled.map((d) => `${d.date} ${d.cents}`)).toEqual([
      '2025-02-27 500', '2025-02-28 500', '2025-03-01 -25', '2025-03-02 -25', '2025-03-03 -25', '2025-03-04 700',
    ]);
  });

  it('answers nothing for no entries and one day for one entry', () => {
    expect(fillDays([])).toEqual([]);
    expect(fillDays([{ date: '2024-02-29', cents: 1 }])).toEqual([{ date: '2024-02-29', cents: 1 }]);
  });

  it('labels the chart days with four-digit years', () => {
    expect(chartDate('1999-12-31')).toBe('12/31/1999');
    expect(chartDate('2026-03-04')).toBe('03/04/2026');
  });
});
