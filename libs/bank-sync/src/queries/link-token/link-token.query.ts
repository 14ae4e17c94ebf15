import { Query } from '@nestjs/cqrs';
import type { getUserLinkToken, RouteResponse } from '@budget/contracts';

/** A Link token for linking a new bank (no item yet). */
export class LinkTokenQuery extends Query<RouteResponse<typeof getUserLinkToken>> {
  constructor(readonly userId: string) {
    super();
  }
}
