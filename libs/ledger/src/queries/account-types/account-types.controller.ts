import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listAccountTypes } from '@budget/contracts';
import { Endpoint } from '@budget/platform';
import { AccountTypesQuery } from './account-types.query.js';

/** GET /api/v1/account-types: `{data: {types, tracking, defaultTracking}}`. */
@Controller()
export class AccountTypesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listAccountTypes, AccountTypesQuery)
  list() {
    return this.queries.execute(new AccountTypesQuery());
  }
}
