import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { LedgerCategoryBalances, LedgerUnassignedTransactions, type CategoryBalanceCents, type UnassignedTransactionCents } from '@budget/contracts';
import { dollarsFromCents } from '@budget/money';
import { previewRule, type RuleCategory } from '../../domain/index.js';

/** How many Unassigned transactions a preview or an "apply to existing" looks at, newest first. */
export const UNASSIGNED_SCAN = 10_000;

/**
 * A rule run over the user's Unassigned transactions, which the ledger lists
 * (`LedgerUnassignedTransactions`), with the balances it would move (`LedgerCategoryBalances`).
 */
@Injectable()
export class RulePreview {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async run(userId: string, rule: { searchStrings: string[]; categories: RuleCategory[] }, unassigned: string) {
    const rows = await this.queries.execute<LedgerUnassignedTransactions, UnassignedTransactionCents[]>(new LedgerUnassignedTransactions(userId, UNASSIGNED_SCAN));
    return previewRule(rule, rows, unassigned);
  }

  /** Each moved category's balance now, the change, and the balance after, in dollars. */
  async balances(userId: string, moves: readonly { categoryId: string; change: number }[], changed = false) {
    if (moves.length === 0) return [];
    const rows = await this.queries.execute<LedgerCategoryBalances, CategoryBalanceCents[]>(new LedgerCategoryBalances(userId, moves.map((m) => m.categoryId)));
    const now = new Map(rows.map((r) => [r.categoryId, r.balanceCents]));
    return moves.map(({ categoryId, change }) => {
      const current = now.get(categoryId) ?? 0;
      // After an apply the ledger's balance already holds the change.
      const before = changed ? current - change : current;
      return { categoryId, balance: dollarsFromCents(before), change: dollarsFromCents(change), after: dollarsFromCents(before + change) };
    });
  }
}
