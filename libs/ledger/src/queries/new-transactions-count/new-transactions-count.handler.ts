import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { NewTransactionsCountQuery } from './new-transactions-count.query.js';
import { newTransactionsCount } from './new-transactions-count.sql.js';

@QueryHandler(NewTransactionsCountQuery)
export class NewTransactionsCountHandler implements IQueryHandler<NewTransactionsCountQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId }: NewTransactionsCountQuery) {
    return { data: await newTransactionsCount(this.pool, userId) };
  }
}
