import { describe, expect, it } from 'vitest';
import { adjustmentSum, movedAmount, rebalanceBody, storedAdjustments, TRANSFER_MESSAGES } from './rebalance-form.js';
import { followFrom, storedSides, transferBody, transferEntry, transferProblem } from './transfer-form.js';

describe('the rebalance form', () => {
  it('sums the adjustments in cents and leaves zero lines out of the body', () => {
    const adjustments = new Map([['a', -1010], ['b', 1010], ['c', 0]]);
    expect(adjustmentSum(adjustments)).toBe(0);
    expect(rebalanceBody('2025-07-04', adjustments, 2)).toEqual({
      date: '2025-07-04',
      type: 3,
      version: 2,
      categories: [{ categoryId: 'a', amount: -10.1 }, { categoryId: 'b', amount: 10.1 }],
    });
    expect(adjustmentSum(new Map([['a', 10], ['b', -3]]))).toBe(7);
  });

  it('reads a stored rebalance back into adjustments', () => {
    const stored = { id: 't', date: '2025-07-04', type: 3, categories: [{ categoryId: 'a', amount: -5 }, { categoryId: 'b', amount: 2.5 }, { categoryId: 'b', amount: 2.5 }] };
    expect(storedAdjustments(stored)).toEqual(new Map([['a', -500], ['b', 500]]));
    expect(storedAdjustments(null)).toEqual(new Map());
  });

  it('counts what a transfer moved as the sum of its positive splits', () => {
    expect(movedAmount([{ amount: -12.5 }, { amount: 10 }, { amount: 2.5 }])).toBe(1250);
    expect(movedAmount(null)).toBe(0);
  });
});

describe('the category transfer form', () => {
  const from = [transferEntry('pool', 1500)];
  const to = [transferEntry('a', 1000), transferEntry('b', 500)];

  it('needs a date, a category per line and matching From and To sums', () => {
    expect(transferProblem('', from, to)).toBe(TRANSFER_MESSAGES.date);
    expect(transferProblem('2025-07-04', [transferEntry(null, 1500)], to)).toBe(TRANSFER_MESSAGES.category);
    expect(transferProblem('2025-07-04', from, [transferEntry('a', 1000)])).toBe(TRANSFER_MESSAGES.fromTo);
    expect(transferProblem('2025-07-04', [transferEntry('pool')], [transferEntry('a')])).toBe(TRANSFER_MESSAGES.none);
    expect(transferProblem('2025-07-04', from, to)).toBeNull();
  });

  it('sends From lines negative and To lines positive, without a type', () => {
    expect(transferBody('2025-07-04', from, to)).toEqual({
      date: '2025-07-04',
      categories: [
        { categoryId: 'pool', amount: -15 },
        { categoryId: 'a', amount: 10 },
        { categoryId: 'b', amount: 5 },
      ],
    });
  });

  it('opens a stored transfer as From and To lines, and saves it back as the rebalance it is, with its version', () => {
    const stored = { id: 't', date: '2025-07-04', type: 3, version: 4, categories: [{ categoryId: 'pool', amount: -15 }, { categoryId: 'a', amount: 10 }, { categoryId: 'b', amount: 5 }] };
    const sides = storedSides(stored);
    expect(sides.from.map(({ categoryId, amount }) => [categoryId, amount])).toEqual([['pool', 1500]]);
    expect(sides.to.map(({ categoryId, amount }) => [categoryId, amount])).toEqual([['a', 1000], ['b', 500]]);
    expect(transferBody('2025-07-05', sides.from, sides.to, stored)).toEqual({
      date: '2025-07-05',
      type: 3,
      version: 4,
      categories: [{ categoryId: 'pool', amount: -15 }, { categoryId: 'a', amount: 10 }, { categoryId: 'b', amount: 5 }],
    });
  });

  it('fills a single To line from the From total until another amount is typed into it', () => {
    const before = [transferEntry('pool', 0)];
    const typed = [transferEntry('pool', 2550)];
    const one = [transferEntry('a', 0)];
    expect(followFrom(before, typed, one)[0]!.amount).toBe(2550);
    // Still following (it equals the old total): it takes the new one.
    expect(followFrom(typed, [transferEntry('pool', 3000)], [transferEntry('a', 2550)])[0]!.amount).toBe(3000);
    // Typed by the user: left alone.
    expect(followFrom(typed, [transferEntry('pool', 3000)], [transferEntry('a', 1000)])[0]!.amount).toBe(1000);
    // Two To lines: the user splits; nothing is filled.
    expect(followFrom(before, typed, [transferEntry('a', 0), transferEntry('b', 0)]).map((entry) => entry.amount)).toEqual([0, 0]);
  });
});
