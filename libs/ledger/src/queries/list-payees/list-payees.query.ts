import { Query } from '@nestjs/cqrs';
import type { listPayees, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** The caller's payees matching what is typed, for the transaction dialog's auto-complete. */
export class ListPayeesQuery extends Query<RouteResponse<typeof listPayees>> {
  constructor(
    readonly userId: string,
    readonly search: CheckedQuery<typeof listPayees>,
  ) {
    super();
  }
}
