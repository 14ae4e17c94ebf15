import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getTransaction } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { GetTransactionQuery } from './get-transaction.query.js';

/** GET /api/v1/transaction/{id}: the transaction. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class GetTransactionController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getTransaction, GetTransactionQuery)
  one(@CurrentUserId() userId: string, @Input(getTransaction) { params }: CheckedInput<typeof getTransaction>) {
    return this.queries.execute(new GetTransactionQuery(userId, params.id));
  }
}
