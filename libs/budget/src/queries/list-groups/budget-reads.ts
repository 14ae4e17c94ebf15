import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  LedgerCategoryBalances, type CategoryView, type GroupsTree, type GroupView, type CategoryBalanceCents,
} from '@budget/contracts';
import { dollarsFromCents, type Cents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import { readCategory, readGroup, readTree, type BudgetCategory } from './list-groups.sql.js';

/**
 * What the budget answers about its tree: its own read model, with each category's balance asked
 * of the ledger (`LedgerCategoryBalances`), whose transactions make it — never read from the
 * ledger's tables.
 */
@Injectable()
export class BudgetReads {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async tree(userId: string): Promise<GroupsTree> {
    const [tree, balances] = await Promise.all([readTree(this.pool, userId), this.balances(userId, null)]);
    return { groups: tree.groups, categories: tree.categories.map((category) => withBalance(category, balances)) };
  }

  group(userId: string, groupId: string): Promise<GroupView | null> {
    return readGroup(this.pool, userId, groupId);
  }

  async category(userId: string, categoryId: string): Promise<CategoryView | null> {
    const [category, balances] = await Promise.all([readCategory(this.pool, userId, categoryId), this.balances(userId, [categoryId])]);
    return category && withBalance(category, balances);
  }

  private async balances(userId: string, categoryIds: string[] | null): Promise<Map<string, Cents>> {
    const rows = await this.queries.execute<LedgerCategoryBalances, CategoryBalanceCents[]>(new LedgerCategoryBalances(userId, categoryIds));
    return new Map(rows.map((row) => [row.categoryId, row.balanceCents]));
  }
}

/** The category in the wire's field order, with its balance in dollars (0 when the ledger has none). */
function withBalance({ id, groupId, name, ...rest }: BudgetCategory, balances: ReadonlyMap<string, Cents>): CategoryView {
  return { id, groupId, name, balance: dollarsFromCents(balances.get(id) ?? 0), ...rest };
}
