import { describe, expect, it } from 'vitest';
import { categoryRegisterHref, unassignedNextStep } from './unassigned-next-step.js';

describe('the next step after an import or a sync', () => {
  it('points at the rows Unassigned holds once something was added', () => {
    expect(unassignedNextStep(12, 12)).toBe('12 transactions need a category in Unassigned.');
    expect(unassignedNextStep(3, 1)).toBe('1 transaction needs a category in Unassigned.');
  });

  it('says nothing when nothing was added, Unassigned is empty (rules took every row), or its count is not known yet', () => {
    expect(unassignedNextStep(0, 5)).toBeNull();
    expect(unassignedNextStep(4, 0)).toBeNull();
    expect(unassignedNextStep(4, null)).toBeNull();
  });

  it('counts the new rows left in Unassigned when the answer says how many', () => {
    expect(unassignedNextStep(5, 12, 3)).toBe('3 new transactions need a category.');
    expect(unassignedNextStep(5, null, 1)).toBe('1 new transaction needs a category.');
    expect(unassignedNextStep(5, 12, 0)).toBeNull();
    expect(unassignedNextStep(0, 12, 3)).toBeNull();
  });

  it("links to Home's register of the category", () => {
    expect(categoryRegisterHref('10')).toBe('/home/10');
  });
});
