import { describe, expect, it } from 'vitest';
import { toBudget } from './budget-data.js';
import { categoryBody, categoryFormFrom, categoryGroupId, CATEGORY_MESSAGES, newCategoryForm, validateCategory, withRecurrence } from './category-form.js';
import { groupsTree } from './fixtures.testing.js';

const budget = toBudget(groupsTree);
const today = '2025-07-15';
const rent = budget.categories.find((c) => c.id === 'rent')!;

describe('the category form', () => {
  it('starts a new category in No Group with the spec defaults and the next due date', () => {
    const form = newCategoryForm('GOAL', budget, today, 'pool');
    expect(form).toMatchObject({ type: 'GOAL', groupId: 'none', fundingAmount: 0, includeFundingTransfers: true, recurrence: '1', goalDate: '2025-08-01', suspended: false });
    expect(form.fundingRows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage }))).toEqual([{ categoryId: 'pool', amount: 10_000, percentage: true }]);
    expect(newCategoryForm('BILL', budget, today, 'pool').includeFundingTransfers).toBe(false);
  });

  it('moves an unchosen goal date with the recurrence, and leaves a chosen one', () => {
    const form = newCategoryForm('BILL', budget, today, 'pool');
    expect(withRecurrence(form, '3', today).goalDate).toBe('2025-10-01');
    expect(withRecurrence(form, '', today).goalDate).toBe('2025-08-01');
    expect(withRecurrence({ ...form, goalDate: '2026-01-15', goalDateChosen: true }, '6', today).goalDate).toBe('2026-01-15');
  });

  it('needs a name, a whole recurrence of at least 1 and, for a bill, funding categories', () => {
    const form = newCategoryForm('BILL', budget, today, 'pool');
    expect(validateCategory({ ...form, name: '  ', recurrence: '0' })).toEqual({ name: CATEGORY_MESSAGES.name, recurrence: CATEGORY_MESSAGES.recurrence });
    expect(validateCategory({ ...form, name: 'Rent', recurrence: '1.5' }).recurrence).toBe(CATEGORY_MESSAGES.recurrence);
    expect(validateCategory({ ...form, name: 'Rent', fundingRows: [{ ...form.fundingRows[0]!, categoryId: null }] }).fundingCategories).toBeTruthy();
    expect(validateCategory({ ...form, name: 'Rent' })).toEqual({});
  });

  it('sends a bill with its funding categories and without pass-through', () => {
    const form = categoryFormFrom(rent, today, 'pool');
    expect(categoryBody({ ...form, includeFundingTransfers: true })).toEqual({
      type: 'BILL',
      name: 'Rent',
      suspended: false,
      fundingAmount: 1200,
      includeFundingTransfers: false,
      recurrence: 1,
      useGoal: true,
      goalDate: '2030-01-01',
      fundingCategories: [{ categoryId: 'pool', amount: 100, percentage: true }],
    });
  });

  it('sends a goal exactly as the spec’s body: the target as fundingAmount, the target date as goalDate, useGoal on', () => {
    const form = { ...newCategoryForm('GOAL', budget, today, 'pool'), name: 'Car', fundingAmount: 120_000, goalDate: '2027-12-01', goalDateChosen: true };
    expect(categoryBody(form)).toEqual({
      type: 'GOAL',
      name: 'Car',
      suspended: false,
      fundingAmount: 1200,
      includeFundingTransfers: true,
      recurrence: 1,
      useGoal: true,
      goalDate: '2027-12-01',
      fundingCategories: [],
    });
  });

  it('sends other types with an empty funding list, and a regular category without a goal', () => {
    const form = { ...newCategoryForm('REGULAR', budget, today, 'pool'), name: ' Snacks ', fundingAmount: 1250 };
    expect(categoryBody(form)).toMatchObject({ name: 'Snacks', fundingAmount: 12.5, useGoal: false, goalDate: null, fundingCategories: [], includeFundingTransfers: true });
  });

  it('posts into the chosen group and patches the category there (which moves it)', () => {
    const form = newCategoryForm('REGULAR', budget, today, 'pool');
    expect(categoryGroupId(form, budget)).toBe('none');
    expect(categoryGroupId({ ...form, groupId: 'food' }, budget)).toBe('food');
    expect(categoryGroupId({ ...form, groupId: '' }, budget)).toBe('none');
  });
});
