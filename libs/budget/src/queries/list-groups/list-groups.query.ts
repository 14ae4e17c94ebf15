import { Query } from '@nestjs/cqrs';
import type { listGroups, RouteResponse } from '@budget/contracts';

/**
 * The caller's whole category tree, as GET /groups answers it. Public: the ledger's
 * GET /categories (without a date) answers the same tree through it.
 */
export class ListGroupsQuery extends Query<RouteResponse<typeof listGroups>> {
  constructor(readonly userId: string) {
    super();
  }
}
