import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getUserLinkToken } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { LinkTokenQuery } from './link-token.query.js';

/** GET /api/v1/user/link-token: `{linkToken}`. */
@Controller()
export class LinkTokenController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getUserLinkToken, LinkTokenQuery)
  get(@CurrentUserId() userId: string) {
    return this.queries.execute(new LinkTokenQuery(userId));
  }
}
