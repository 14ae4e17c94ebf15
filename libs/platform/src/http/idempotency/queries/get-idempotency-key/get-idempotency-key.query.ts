import { Query } from '@nestjs/cqrs';
import type { getIdempotencyKey, RouteResponse } from '@budget/contracts';

/** What became of the caller's write sent with `key`. */
export class GetIdempotencyKeyQuery extends Query<RouteResponse<typeof getIdempotencyKey>> {
  constructor(
    readonly userId: string,
    readonly key: string,
  ) {
    super();
  }
}
