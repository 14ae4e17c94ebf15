import { Query } from '@nestjs/cqrs';
import type { listStatements, RouteResponse } from '@budget/contracts';

/** An account's statements. */
export class ListStatementsQuery extends Query<RouteResponse<typeof listStatements>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
  ) {
    super();
  }
}
