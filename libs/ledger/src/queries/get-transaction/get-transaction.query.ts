import { Query } from '@nestjs/cqrs';
import type { getTransaction, RouteResponse } from '@budget/contracts';

/** One live transaction of the caller's. */
export class GetTransactionQuery extends Query<RouteResponse<typeof getTransaction>> {
  constructor(
    readonly userId: string,
    readonly transactionId: string,
  ) {
    super();
  }
}
