import { Controller, Get, Inject } from '@nestjs/common';
import { PG_POOL, Unauthorized, type Pool } from '@budget/platform';
import { CurrentUserId } from '../../auth/current-user.decorator.js';
import { userView, type UserView } from '../../http/user-view.js';
import { UsersRepository } from '../../persistence/users.repository.js';

@Controller()
export class GetUserController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  /** `{data:{username, email, pendingEmail, roles, createdAt}}` of the caller, never anyone else. */
  @Get('user')
  async get(@CurrentUserId() userId: string): Promise<{ data: UserView }> {
    const user = await this.users.byId(this.pool, userId);
    if (!user) throw new Unauthorized();
    return { data: userView(user) };
  }
}
