import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerFundingHistory, type fundingPlan, type MonthlyFundingCents, type RouteResponse } from '@budget/contracts';
import { dollarsFromCents, monthIndex, monthStart } from '@budget/money';
import { CLOCK, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { planCategories } from '../plan-categories.sql.js';
import { FundingPlanQuery } from './funding-plan.query.js';

/**
 * Funding plans (server-behaviour §4.4.5): the plan lives on the categories (the budget's read
 * model); the history is the real funding of the last N months, this month included (the injected
 * clock's), asked of the ledger (`LedgerFundingHistory`).
 */
@QueryHandler(FundingPlanQuery)
export class FundingPlanHandler implements IQueryHandler<FundingPlanQuery, RouteResponse<typeof fundingPlan>> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, months }: FundingPlanQuery): Promise<RouteResponse<typeof fundingPlan>> {
    const thisMonth = monthIndex(this.clock.now().toISOString().slice(0, 10));
    const first = thisMonth - months + 1;
    const [categories, funding] = await Promise.all([
      planCategories(this.pool, userId),
      this.queries.execute<LedgerFundingHistory, MonthlyFundingCents[]>(new LedgerFundingHistory(userId, monthStart(first), monthStart(thisMonth + 1))),
    ]);
    const funded = new Map(funding.map((f) => [`${f.categoryId} ${f.month}`, f.amountCents]));
    const history = categories.map(({ id }) => ({
      categoryId: id,
      history: Array.from({ length: months }, (_, i) => {
        const start = monthStart(first + i);
        return { year: Number(start.slice(0, 4)), month: Number(start.slice(5, 7)), amount: dollarsFromCents(funded.get(`${id} ${start.slice(0, 7)}`) ?? 0) };
      }),
    }));
    const items = categories.map((c) => ({
      id: c.id,
      categoryId: c.id,
      amount: dollarsFromCents(c.fundingAmount),
      useGoal: c.useGoal,
      goalDate: c.goalDate,
      recurrence: c.recurrence,
    }));
    return { id: 0, history, categories: items };
  }
}
