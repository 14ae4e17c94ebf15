import { describe, expect, test } from 'vitest';
import type { QueryBus } from '@nestjs/cqrs';
import { LedgerUnassignedTransactions, type UnassignedTransactionCents } from '@budget/contracts';
import { RulePreview } from './rule-preview.js';

/** The ledger's list as its keyset pages answer it: newest first, after the last row of the page before. */
function ledger(rows: UnassignedTransactionCents[]) {
  const asked: (LedgerUnassignedTransactions['after'])[] = [];
  const sorted = [...rows].sort((a, b) => (a.date === b.date ? (a.transactionId < b.transactionId ? 1 : -1) : a.date < b.date ? 1 : -1));
  const bus = {
    execute: async (query: LedgerUnassignedTransactions) => {
      asked.push(query.after);
      const after = query.after;
      const rest = after ? sorted.filter((r) => r.date < after.date || (r.date === after.date && r.transactionId < after.transactionId)) : sorted;
      return rest.slice(0, query.limit);
    },
  } as unknown as QueryBus;
  return { bus, asked };
}

const row = (n: number, name: string, counted = true): UnassignedTransactionCents => ({ transactionId: `t${n}`, date: `2025-03-${String(10 + (n % 3)).padStart(2, '0')}`, name, amountCents: -100 * n, counted });

describe("a rule's plan over the Unassigned rows", () => {
  test('reads every page (no silent limit): the matches of all pages, the moves of the counted ones', async () => {
    const rows = [row(1, 'SHOP A'), row(2, 'OTHER'), row(3, 'SHOP B', false), row(4, 'SHOP C'), row(5, 'SHOP D'), row(6, 'OTHER 2'), row(7, 'SHOP E')];
    const { bus, asked } = ledger(rows);
    const plan = await new RulePreview(bus).run('u', { searchStrings: ['shop'], categories: [{ categoryId: 'G', amount: 10_000, percentage: true }] }, 'U', 2);
    // Seven rows in pages of two: four pages, the last one short.
    expect(asked).toHaveLength(4);
    expect(plan.matches.map((m) => m.row.transactionId).sort()).toEqual(['t1', 't3', 't4', 't5', 't7']);
    // t3 lies before its account's start date: matched, but it moves nothing (1 + 4 + 5 + 7 = 17.00).
    expect(plan.moves).toEqual([{ categoryId: 'U', change: 1700 }, { categoryId: 'G', change: -1700 }]);
  });
});
