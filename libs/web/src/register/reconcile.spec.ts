import { describe, expect, it } from 'vitest';
import { reconcileEnabled, reconcileToggle } from './reconcile.js';

describe('reconcile checkbox', () => {
  it('is enabled only with a statement selected, for unreconciled rows or rows of that statement', () => {
    expect(reconcileEnabled(null, null)).toBe(false);
    expect(reconcileEnabled(null, 's1')).toBe(false);
    expect(reconcileEnabled('s1', null)).toBe(true);
    expect(reconcileEnabled('s1', undefined)).toBe(true);
    expect(reconcileEnabled('s1', 's1')).toBe(true);
    expect(reconcileEnabled('s1', 's2')).toBe(false);
  });

  it('assigns an unreconciled row, clears a row of the same statement, leaves other statements alone', () => {
    expect(reconcileToggle('s1', null)).toEqual({ statementId: 's1' });
    expect(reconcileToggle('s1', 's1')).toEqual({ statementId: null });
    expect(reconcileToggle('s1', 's2')).toBeNull();
    expect(reconcileToggle(null, null)).toBeNull();
  });
});
