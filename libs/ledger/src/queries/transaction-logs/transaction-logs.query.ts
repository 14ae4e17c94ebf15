import { Query } from '@nestjs/cqrs';
import type { listTransactionLogs, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of the caller's transaction log. */
export class TransactionLogsQuery extends Query<RouteResponse<typeof listTransactionLogs>> {
  constructor(
    readonly userId: string,
    readonly page: CheckedQuery<typeof listTransactionLogs>,
  ) {
    super();
  }
}
