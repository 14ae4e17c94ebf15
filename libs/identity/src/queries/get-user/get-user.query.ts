import { Query } from '@nestjs/cqrs';
import type { getUser, RouteResponse } from '@budget/contracts';

/** The signed-in user's account. */
export class GetUserQuery extends Query<RouteResponse<typeof getUser>> {
  constructor(readonly userId: string) {
    super();
  }
}
