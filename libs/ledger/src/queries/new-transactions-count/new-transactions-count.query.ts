import { Query } from '@nestjs/cqrs';
import type { newTransactionsCount, RouteResponse } from '@budget/contracts';

/** How many of the caller's live rows are new, in all and per account. */
export class NewTransactionsCountQuery extends Query<RouteResponse<typeof newTransactionsCount>> {
  constructor(readonly userId: string) {
    super();
  }
}
