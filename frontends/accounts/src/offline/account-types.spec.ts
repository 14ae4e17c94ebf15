import { describe, expect, it } from 'vitest';
import { accountTypeLabel } from './account-types.js';

describe('accountTypeLabel', () => {
  it('spells the abbreviations as such', () => {
    expect(['hsa', 'cd', 'ebt', 'ira', 'tfsa', 'sep ira', 'roth 401k'].map(accountTypeLabel)).toEqual(['HSA', 'CD', 'EBT', 'IRA', 'TFSA', 'SEP IRA', 'Roth 401(k)']);
  });

  it('capitalises the other words', () => {
    expect(['money market', 'credit card', 'depository', 'non-taxable brokerage account', 'paypal'].map(accountTypeLabel)).toEqual([
      'Money Market', 'Credit Card', 'Depository', 'Non-taxable Brokerage Account', 'PayPal',
    ]);
  });
});
