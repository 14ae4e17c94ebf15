import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getUser } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { GetUserQuery } from './get-user.query.js';

/** GET /api/v1/user: `{data:{username, email, pendingEmail, roles, createdAt}}` of the caller. */
@Controller()
export class GetUserController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getUser, GetUserQuery)
  get(@CurrentUserId() userId: string) {
    return this.queries.execute(new GetUserQuery(userId));
  }
}
