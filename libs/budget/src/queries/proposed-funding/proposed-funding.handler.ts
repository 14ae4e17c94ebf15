import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  LedgerMonthFunded, LedgerMonthStartBalances, type CategoryBalanceCents, type CategoryFundedCents, type proposedFunding, type RouteResponse,
} from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';
import { planCategories } from '../plan-categories.sql.js';
import { proposeFor } from './propose.js';
import { ProposedFundingQuery } from './proposed-funding.query.js';

/**
 * The plan categories from the budget's read model; their month-start balances and what the month's
 * fundings already gave them from the ledger's public queries.
 */
@QueryHandler(ProposedFundingQuery)
export class ProposedFundingHandler implements IQueryHandler<ProposedFundingQuery, RouteResponse<typeof proposedFunding>> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId, date }: ProposedFundingQuery): Promise<RouteResponse<typeof proposedFunding>> {
    const [categories, balances, fundings] = await Promise.all([
      planCategories(this.pool, userId),
      this.queries.execute<LedgerMonthStartBalances, CategoryBalanceCents[]>(new LedgerMonthStartBalances(userId, date)),
      this.queries.execute<LedgerMonthFunded, CategoryFundedCents[]>(new LedgerMonthFunded(userId, date)),
    ]);
    const monthStart = new Map(balances.map((b) => [b.categoryId, b.balanceCents]));
    const funded = new Map(fundings.map((f) => [f.categoryId, f.fundedCents]));
    return { data: categories.map((category) => proposeFor(category, monthStart.get(category.id) ?? 0, funded.get(category.id) ?? 0, date)) };
  }
}
