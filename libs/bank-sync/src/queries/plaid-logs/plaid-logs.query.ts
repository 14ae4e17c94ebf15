import { Query } from '@nestjs/cqrs';
import type { listPlaidLogs, RouteResponse } from '@budget/contracts';

/** A page of the provider log, for an administrator. */
export class PlaidLogsQuery extends Query<RouteResponse<typeof listPlaidLogs>> {
  constructor(
    readonly userId: string,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}
