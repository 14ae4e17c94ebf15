import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { listGroups, type GroupsView } from './list-groups.query.js';

/** GET /api/v1/groups: the signed-in user's whole category tree (the client builds the tree). */
@Controller('groups')
export class ListGroupsController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  async list(@CurrentUserId() userId: string): Promise<{ data: GroupsView }> {
    return { data: await listGroups(this.pool, userId) };
  }
}
