import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerCategoryMonths, type budgetMonthRoute, type CategoryMonthCents, type RouteResponse } from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';
import { readTree } from '../list-groups/list-groups.sql.js';
import { buildBudgetMonth } from './budget-month.js';
import { BudgetMonthQuery } from './budget-month.query.js';

/**
 * The tree from the budget's read model; each category's funded, activity and month-end balance
 * from the ledger's monthly sums, asked through its public query (`LedgerCategoryMonths`).
 */
@QueryHandler(BudgetMonthQuery)
export class BudgetMonthHandler implements IQueryHandler<BudgetMonthQuery, RouteResponse<typeof budgetMonthRoute>> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId, month }: BudgetMonthQuery): Promise<RouteResponse<typeof budgetMonthRoute>> {
    const [tree, figures] = await Promise.all([
      readTree(this.pool, userId),
      this.queries.execute<LedgerCategoryMonths, CategoryMonthCents[]>(new LedgerCategoryMonths(userId, `${month}-01`)),
    ]);
    return { data: buildBudgetMonth(month, tree, figures) };
  }
}
