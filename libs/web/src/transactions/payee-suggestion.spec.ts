import { describe, expect, test } from 'vitest';
import { declinedPayees, declineRuleFor, offersRule, payeeNamed, soleCategory, splitsForPayee, type DeclineStore } from './payee-suggestion.js';

const payee = (name: string, lastCategoryId: string | null, lastCategoryTimes: number) => ({ name, uses: 3, lastCategoryId, lastCategoryTimes });
const split = (categoryId: string | null, amount = 100) => ({ key: `k${categoryId}`, categoryId, amount, comment: '' });

describe('payee suggestions', () => {
  test("a chosen payee's last category fills only a single uncategorised row", () => {
    expect(splitsForPayee([split(null)], payee('Cafe', 'dining', 1))).toEqual([split(null) && { ...split(null), categoryId: 'dining' }]);
    expect(splitsForPayee([split('groceries')], payee('Cafe', 'dining', 1))).toBeNull();
    expect(splitsForPayee([split(null), split(null)], payee('Cafe', 'dining', 1))).toBeNull();
    expect(splitsForPayee([split(null)], payee('Cafe', null, 0))).toBeNull();
  });

  test('"Make a rule?" from the second time in a row, not for Unassigned, not after a No', () => {
    const store = new Map<string, string>();
    const local: DeclineStore = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) };
    expect(offersRule(payee('Cafe', 'dining', 1), 'dining', declinedPayees(local), 'u')).toBe(false);
    expect(offersRule(payee('Cafe', 'dining', 2), 'dining', declinedPayees(local), 'u')).toBe(true);
    expect(offersRule(payee('Cafe', 'dining', 2), 'groceries', declinedPayees(local), 'u')).toBe(false);
    expect(offersRule(payee('Cafe', 'u', 2), 'u', declinedPayees(local), 'u')).toBe(false);
    declineRuleFor(' CAFE ', local);
    expect(offersRule(payee('Cafe', 'dining', 5), 'dining', declinedPayees(local), 'u')).toBe(false);
    expect(offersRule(payee('Bakery', 'dining', 2), 'dining', declinedPayees(local), 'u')).toBe(true);
    store.set('budget.makeRuleDeclined', 'not json');
    expect(declinedPayees(local).size).toBe(0);
  });

  test('the payee of a name, and the one category of a form', () => {
    expect(payeeNamed([payee('Corner Cafe', null, 0)], ' corner cafe')?.name).toBe('Corner Cafe');
    expect(payeeNamed([payee('Corner Cafe', null, 0)], 'corner')).toBeNull();
    expect(soleCategory([split('a')])).toBe('a');
    expect(soleCategory([split('a'), split('b')])).toBeNull();
    expect(soleCategory([split(null)])).toBeNull();
  });
});
