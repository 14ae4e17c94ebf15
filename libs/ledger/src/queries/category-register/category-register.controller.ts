import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { categoryRegister } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { CategoryRegisterQuery } from './category-register.query.js';

/** GET /api/v1/category/{id}/transactions?offset&limit&pending&search: `{data: {transactions, transactionsCount, balance}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class CategoryRegisterController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(categoryRegister, CategoryRegisterQuery)
  page(@CurrentUserId() userId: string, @Input(categoryRegister) { params, query }: CheckedInput<typeof categoryRegister>) {
    return this.queries.execute(new CategoryRegisterQuery(userId, params.id, query));
  }
}
