import { describe, expect, it } from 'vitest';
import { transaction } from '../register/transaction.testing.js';
import { closedReason, isBankRow, opensEditDialog } from './transaction-editing.js';

const row = (type: number) => transaction({ id: 't', date: '2025-01-01', type });

describe('which rows open the edit dialog', () => {
  it('opens bank and manual rows, never a starting balance', () => {
    expect(opensEditDialog(row(0))).toBe(true);
    expect(opensEditDialog(row(5))).toBe(true);
    expect(opensEditDialog(row(4))).toBe(false);
    expect(closedReason(row(4))).toBe('A starting balance cannot be edited or deleted');
    expect(closedReason(row(5))).toBeNull();
  });

  it('marks bank rows read-only for date, name and amount', () => {
    expect(isBankRow(row(0))).toBe(true);
    expect(isBankRow(row(5))).toBe(false);
  });
});
