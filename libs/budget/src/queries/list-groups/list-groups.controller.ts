import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listGroups } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { ListGroupsQuery } from './list-groups.query.js';

/** GET /api/v1/groups: the signed-in user's whole category tree (the client builds the tree). */
@Controller()
export class ListGroupsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listGroups, ListGroupsQuery)
  list(@CurrentUserId() userId: string) {
    return this.queries.execute(new ListGroupsQuery(userId));
  }
}
