import { describe, expect, it } from 'vitest';
import { split as line, transaction } from '../register/transaction.testing.js';
import {
  asksToSaveZero, editTransactionBody, emptyForm, formFromTransaction, MESSAGES, newTransactionBody, remainder, validateTransaction, type TransactionForm,
} from './transaction-form.js';

const split = (categoryId: string | null, amount: number) => ({ key: `k${categoryId}`, categoryId, amount, comment: '' });
const form = (amount: number, ...splits: ReturnType<typeof split>[]): TransactionForm => ({ date: '2025-03-04', name: 'Market', amount, principle: 0, comment: '', splits });

describe('transaction form', () => {
  it('flips the split signs of a negative amount on save', () => {
    const body = newTransactionBody(form(-4567, split('g', 3000), split('d', 1567)));
    expect(body).toEqual({
      date: '2025-03-04', name: 'Market', amount: -45.67, comment: '',
      categories: [{ categoryId: 'g', amount: -30 }, { categoryId: 'd', amount: -15.67 }],
    });
    expect(newTransactionBody(form(2500, split('g', 2500))).categories).toEqual([{ categoryId: 'g', amount: 25 }]);
  });

  it('shows stored splits of a negative transaction as positive parts of it', () => {
    const stored = transaction({
      id: 't', date: '2025-03-04', type: 5, version: 3, comment: null,
      categories: [line('g', -30), line('d', -15.67, 'tip')],
      accountTransaction: { name: 'Market', amount: -45.67 },
    });
    const read = formFromTransaction(stored);
    expect(read.amount).toBe(-4567);
    expect(read.splits.map((s) => [s.categoryId, s.amount, s.comment])).toEqual([['g', 3000, ''], ['d', 1567, 'tip']]);
  });

  it('needs the split sum to equal the absolute amount, in cents', () => {
    expect(validateTransaction(form(-4567, split('g', 3000), split('d', 1567))).general).toBeNull();
    expect(validateTransaction(form(-4567, split('g', 3000), split('d', 1566))).general).toBe(MESSAGES.sum);
    expect(validateTransaction(form(-4567)).general).toBeNull();
  });

  it('needs a category on every split, a date and a name', () => {
    expect(validateTransaction(form(100, split(null, 100))).general).toBe(MESSAGES.category);
    const errors = validateTransaction({ ...form(100), date: '', name: '  ' });
    expect(errors.fields).toEqual({ date: MESSAGES.date, name: MESSAGES.name });
  });

  it('starts a new row with what no row holds yet', () => {
    expect(remainder(form(-4567, split('g', 3000)))).toBe(1567);
    expect(remainder(form(100, split('g', 300)))).toBe(0);
    expect(emptyForm('2025-01-02').splits).toHaveLength(1);
  });

  it('leaves a bank row\'s date, name and amount out of an edit', () => {
    const body = editTransactionBody(form(-500, split('g', 500)), 4, true);
    expect(body).toEqual({ version: 4, comment: '', categories: [{ categoryId: 'g', amount: -5 }] });
    expect(editTransactionBody(form(-500), 4, false)).toMatchObject({ date: '2025-03-04', name: 'Market', amount: -5, categories: [] });
  });
});

describe('a 0.00 transaction', () => {
  const withAmount = (amount: number) => ({ ...emptyForm('2024-05-01'), amount });
  it('is asked about when new, or when a stored amount is changed to 0.00', () => {
    expect(asksToSaveZero(withAmount(0), null)).toBe(true);
    expect(asksToSaveZero(withAmount(0), 4500)).toBe(true);
    expect(asksToSaveZero(withAmount(0), 0)).toBe(false);
    expect(asksToSaveZero(withAmount(1), null)).toBe(false);
    expect(asksToSaveZero(withAmount(-4500), 0)).toBe(false);
  });
});
