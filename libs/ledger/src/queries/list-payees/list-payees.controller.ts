import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listPayees } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ListPayeesQuery } from './list-payees.query.js';

/** GET /api/v1/payees?name&limit: `{data: [{name, uses, lastCategoryId, lastCategoryTimes}]}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ListPayeesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listPayees, ListPayeesQuery)
  list(@CurrentUserId() userId: string, @Input(listPayees) { query }: CheckedInput<typeof listPayees>) {
    return this.queries.execute(new ListPayeesQuery(userId, query));
  }
}
