import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { newTransactionsCount } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { NewTransactionsCountQuery } from './new-transactions-count.query.js';

/** GET /api/v1/transactions/new-count: `{data: {count, accounts: [{id, count}]}}`. */
@Controller()
export class NewTransactionsCountController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(newTransactionsCount, NewTransactionsCountQuery)
  count(@CurrentUserId() userId: string) {
    return this.queries.execute(new NewTransactionsCountQuery(userId));
  }
}
