import { Query } from '@nestjs/cqrs';
import type { RouteResponse, transactionsByIds } from '@budget/contracts';

/** The caller's live transactions among the listed ids. */
export class TransactionsByIdsQuery extends Query<RouteResponse<typeof transactionsByIds>> {
  constructor(
    readonly userId: string,
    readonly ids: readonly string[],
  ) {
    super();
  }
}
