import { describe, expect, it } from 'vitest';
import { applyConfirmation, previewStatus, type RulePreviewData } from './apply-summary.js';

const match = (n: number, inBudget: boolean) => ({ transactionId: `t${n}`, date: '2025-03-01', name: `ROW ${n}`, amount: -10, searchString: 'row', splits: [{ categoryId: 'g', amount: -10 }], inBudget });
const preview = (count: number, outsideBudget: number, shown = count): RulePreviewData => ({
  count,
  outsideBudget,
  matches: Array.from({ length: shown }, (_, i) => match(i, i >= count - outsideBudget)),
  balances:
    count > outsideBudget
      ? [
          { categoryId: 'u', balance: 100, change: (count - outsideBudget) * 10, after: 100 + (count - outsideBudget) * 10 },
          { categoryId: 'g', balance: 0, change: -(count - outsideBudget) * 10, after: -(count - outsideBudget) * 10 },
        ]
      : [],
});
const names = (id: string) => ({ u: 'Unassigned', g: 'Groceries' })[id] ?? id;

describe('what the rule dialog says before and about an apply', () => {
  it('the preview line counts every row an apply changes and says which lie outside the budget', () => {
    expect(previewStatus(preview(0, 0))).toBe('No Unassigned transaction matches this rule.');
    expect(previewStatus(preview(1, 0))).toBe('1 Unassigned transaction matches this rule.');
    expect(previewStatus(preview(150, 14, 100))).toBe(
      "150 Unassigned transactions match this rule (the newest 100 shown). 14 of them are dated before their account's start date: they take the rule's categories but move no balance.",
    );
  });

  it('the confirmation gives the figures: rows, each balance move, rows outside the budget', () => {
    expect(applyConfirmation(preview(3, 1), 'Groceries', names)).toBe(
      'Assign 3 Unassigned transactions with the rule "Groceries"? Balances move: Unassigned +20.00 (to 120.00); Groceries -20.00 (to -20.00). ' +
        "1 of them is dated before its account's start date: it takes the rule's categories but moves no balance.",
    );
    expect(applyConfirmation(preview(1, 1), 'Old', names)).toBe(
      'Assign 1 Unassigned transaction with the rule "Old"? No balance moves. 1 of them is dated before its account\'s start date: it takes the rule\'s categories but moves no balance.',
    );
  });
});
