import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { searchTransactions } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { SearchTransactionsQuery } from './search-transactions.query.js';

/** GET /api/v1/transactions/search?name&amount&absAmount&memo&category&startDate&endDate&offset&limit: `{data: {transactions, balance: 0, transactionsCount, transactionsCountCapped}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class SearchTransactionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(searchTransactions, SearchTransactionsQuery)
  search(@CurrentUserId() userId: string, @Input(searchTransactions) { query }: CheckedInput<typeof searchTransactions>) {
    return this.queries.execute(new SearchTransactionsQuery(userId, query));
  }
}
