import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { SearchTransactionsQuery } from './search-transactions.query.js';
import { searchTransactions } from './search-transactions.sql.js';

@QueryHandler(SearchTransactionsQuery)
export class SearchTransactionsHandler implements IQueryHandler<SearchTransactionsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, search }: SearchTransactionsQuery) {
    const { name, amount, offset, limit } = search;
    return { data: { transactions: await searchTransactions(this.pool, userId, { name: name ?? null, amount: amount ?? null, offset, limit }), balance: 0 as const } };
  }
}
