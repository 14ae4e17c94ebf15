import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { TransactionsByIdsQuery } from './transactions-by-ids.query.js';
import { transactionsByIds } from './transactions-by-ids.sql.js';

@QueryHandler(TransactionsByIdsQuery)
export class TransactionsByIdsHandler implements IQueryHandler<TransactionsByIdsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, ids }: TransactionsByIdsQuery) {
    return { data: { transactions: await transactionsByIds(this.pool, userId, ids), balance: 0 as const } };
  }
}
