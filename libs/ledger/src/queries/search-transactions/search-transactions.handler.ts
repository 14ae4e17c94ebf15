import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { SearchTransactionsQuery } from './search-transactions.query.js';
import { searchTransactions } from './search-transactions.sql.js';

@QueryHandler(SearchTransactionsQuery)
export class SearchTransactionsHandler implements IQueryHandler<SearchTransactionsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, search }: SearchTransactionsQuery) {
    const { name, amount, absAmount, memo, category, startDate, endDate, offset, limit } = search;
    const { transactions, count, capped } = await searchTransactions(this.pool, userId, {
      name: name ?? null,
      amount: amount ?? null,
      absAmount: absAmount ?? null,
      memo: memo ?? null,
      category: category ?? null,
      startDate: startDate ?? null,
      endDate: endDate ?? null,
      offset,
      limit,
    });
    return { data: { transactions, balance: 0 as const, transactionsCount: count, transactionsCountCapped: capped } };
  }
}
