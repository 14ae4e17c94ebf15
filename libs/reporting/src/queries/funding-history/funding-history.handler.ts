import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { dollars, monthStart } from '../report-range.js';
import { FundingHistoryQuery } from './funding-history.query.js';
import { fundingHistorySql } from './funding-history.sql.js';

@QueryHandler(FundingHistoryQuery)
export class FundingHistoryHandler implements IQueryHandler<FundingHistoryQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The 12 months ending with `endDate`'s month (default: this month). */
  async execute({ userId, filter }: FundingHistoryQuery) {
    const end = filter.endDate ?? this.clock.now().toISOString().slice(0, 10);
    const rows = await fundingHistorySql(this.pool, userId, monthStart(end, -11), monthStart(end));
    return rows.map((r) => ({
      groupId: r.group_id,
      groupName: r.group_name,
      groupType: r.group_type,
      categoryId: r.category_id,
      categoryName: r.category_name,
      history: r.history === null ? null : r.history.map((h) => ({ year: h.year, month: h.month, amount: dollars(h.cents) })),
    }));
  }
}
