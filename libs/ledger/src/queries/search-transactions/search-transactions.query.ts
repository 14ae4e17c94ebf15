import { Query } from '@nestjs/cqrs';
import type { RouteResponse, searchTransactions } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of the caller's transactions matching every filter given, and the count of them all (docs/architecture.md §4.9). */
export class SearchTransactionsQuery extends Query<RouteResponse<typeof searchTransactions>> {
  constructor(
    readonly userId: string,
    readonly search: CheckedQuery<typeof searchTransactions>,
  ) {
    super();
  }
}
