import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { ExportTransactionsQuery } from './export-transactions.query.js';
import { exportPage } from './export-transactions.sql.js';

@QueryHandler(ExportTransactionsQuery)
export class ExportTransactionsHandler implements IQueryHandler<ExportTransactionsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ userId, page }: ExportTransactionsQuery) {
    return exportPage(this.pool, userId, page.after ?? null, page.limit);
  }
}
