import { Query } from '@nestjs/cqrs';
import type { listStatements, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of an account's statements. */
export class ListStatementsQuery extends Query<RouteResponse<typeof listStatements>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly page: CheckedQuery<typeof listStatements>,
  ) {
    super();
  }
}
