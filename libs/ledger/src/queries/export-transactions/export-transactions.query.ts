import { Query } from '@nestjs/cqrs';
import type { exportTransactions, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of the caller's transactions as export lines, oldest first, after a cursor. */
export class ExportTransactionsQuery extends Query<RouteResponse<typeof exportTransactions>> {
  constructor(
    readonly userId: string,
    readonly page: CheckedQuery<typeof exportTransactions>,
  ) {
    super();
  }
}
