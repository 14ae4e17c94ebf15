import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { NetWorthQuery } from './net-worth.query.js';
import { netWorthBucket, netWorthEarliest, netWorthSql, netWorthTable } from './net-worth.sql.js';

const DAY = 86_400_000;

@QueryHandler(NetWorthQuery)
export class NetWorthHandler implements IQueryHandler<NetWorthQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Without dates: from the budget's earliest entry to today (contracts reporting/reports.ts). */
  async execute({ userId, filter }: NetWorthQuery) {
    const today = this.clock.now().toISOString().slice(0, 10);
    const end = filter.endDate ?? today;
    const start = filter.startDate ?? (await netWorthEarliest(this.pool, userId)) ?? end;
    const from = start <= end ? start : end;
    const days = (Date.parse(end) - Date.parse(from)) / DAY;
    const cells = await netWorthSql(this.pool, userId, from, end, netWorthBucket(days), filter.weekStart === '0');
    return netWorthTable(cells, [...new Set(cells.map((c) => c.type))]);
  }
}
