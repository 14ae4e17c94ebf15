import { describe, expect, it } from 'vitest';
import { newestFirst } from './balance-data.js';

describe('balance history', () => {
  it('puts history rows and computed series newest first', () => {
    expect(newestFirst([{ date: '2025-01-02', balance: 5 }, { id: 'b', date: '2025-01-09', balance: 7.5 }])).toEqual([
      { id: 'b', date: '2025-01-09', balance: 7.5 },
      { date: '2025-01-02', balance: 5 },
    ]);
  });
});
