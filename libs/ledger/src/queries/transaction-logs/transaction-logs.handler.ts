import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { TransactionLogsQuery } from './transaction-logs.query.js';
import { transactionLogs } from './transaction-logs.sql.js';

@QueryHandler(TransactionLogsQuery)
export class TransactionLogsHandler implements IQueryHandler<TransactionLogsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ userId, page }: TransactionLogsQuery) {
    return transactionLogs(this.pool, userId, page.offset, page.limit);
  }
}
