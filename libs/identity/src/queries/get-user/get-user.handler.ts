import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { getUser, RouteResponse } from '@budget/contracts';
import { PG_POOL, Unauthorized, type Pool } from '@budget/platform';
import { userView } from '../../http/user-view.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { GetUserQuery } from './get-user.query.js';

/** The caller's user row as the wire shows it, never anyone else's; a vanished user is 401. */
@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async execute({ userId }: GetUserQuery): Promise<RouteResponse<typeof getUser>> {
    const user = await this.users.byId(this.pool, userId);
    if (!user) throw new Unauthorized();
    return { data: userView(user) };
  }
}
