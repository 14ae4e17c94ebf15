import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { transactionsByIds } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { TransactionsByIdsQuery } from './transactions-by-ids.query.js';

/** GET /api/v1/transactions?t={id}&t={id}…: `{data: {transactions, balance: 0}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class TransactionsByIdsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(transactionsByIds, TransactionsByIdsQuery)
  list(@CurrentUserId() userId: string, @Input(transactionsByIds) { query }: CheckedInput<typeof transactionsByIds>) {
    return this.queries.execute(new TransactionsByIdsQuery(userId, query.t ?? []));
  }
}
