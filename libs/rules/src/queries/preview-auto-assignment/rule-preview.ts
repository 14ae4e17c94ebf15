import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { LedgerCategoryBalances, LedgerUnassignedTransactions, type CategoryBalanceCents, type UnassignedTransactionCents } from '@budget/contracts';
import { dollarsFromCents } from '@budget/money';
import { balanceMoves, previewRule, type RowMatch, type RuleCategory, type RuleConditions, type RulePlan } from '../../domain/index.js';

/** How many Unassigned transactions one page of the ledger's list holds; a preview reads every page. */
export const UNASSIGNED_PAGE = 5_000;

/**
 * A rule run over ALL the user's Unassigned transactions, which the ledger lists page by page
 * (`LedgerUnassignedTransactions`, newest first), with the balances it would move
 * (`LedgerCategoryBalances`). The preview and "apply to existing" both plan with `run`, so the
 * preview counts exactly the rows the apply records, and the balance moves of exactly the rows
 * that count in a balance.
 */
@Injectable()
export class RulePreview {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async run(userId: string, rule: { searchStrings: string[]; categories: RuleCategory[] } & RuleConditions, unassigned: string, pageSize = UNASSIGNED_PAGE): Promise<RulePlan> {
    const matches: RowMatch[] = [];
    let after: UnassignedTransactionCents | null = null;
    for (;;) {
      const page: UnassignedTransactionCents[] = await this.queries.execute<LedgerUnassignedTransactions, UnassignedTransactionCents[]>(
        new LedgerUnassignedTransactions(userId, pageSize, after && { date: after.date, transactionId: after.transactionId }),
      );
      matches.push(...previewRule(rule, page, unassigned).matches);
      if (page.length < pageSize) break;
      after = page[page.length - 1]!;
    }
    return { matches, moves: balanceMoves(matches, unassigned) };
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
