import { describe, expect, it } from 'vitest';
import { transaction } from '../register/transaction.testing.js';
import { interestOf, isLoanType } from './loan.js';
import { editTransactionBody, emptyForm, formFromTransaction, newTransactionBody } from './transaction-form.js';

const payment = { ...emptyForm('2025-03-04'), name: 'Payment', amount: -50000, principle: -42000, splits: [] };

describe('loan transactions', () => {
  it('knows loan accounts by their type', () => {
    expect(isLoanType('loan')).toBe(true);
    expect(isLoanType('depository')).toBe(false);
    expect(isLoanType(undefined)).toBe(false);
  });

  it('shows the interest as the amount less the principle', () => {
    expect(interestOf(payment)).toBe(-8000);
  });

  it('sends the principle in dollars for loan accounts only', () => {
    expect(newTransactionBody(payment, true).principle).toBe(-420);
    expect(newTransactionBody(payment)).not.toHaveProperty('principle');
    expect(editTransactionBody(payment, 2, true, true)).toMatchObject({ version: 2, principle: -420 });
    expect(editTransactionBody(payment, 2, false)).not.toHaveProperty('principle');
  });

  it('reads the stored principle', () => {
    const stored = transaction({ id: 't', date: '2025-03-04', type: 5, accountTransaction: { name: 'Payment', amount: -500, principle: -420 } });
    expect(formFromTransaction(stored).principle).toBe(-42000);
  });
});
