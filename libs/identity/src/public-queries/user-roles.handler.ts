import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { IdentityUserRoles } from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';
import { UsersRepository } from '../persistence/users.repository.js';

/** Another context asks what roles a user has (bank-sync's admin-only provider log); unknown users have none. */
@QueryHandler(IdentityUserRoles)
export class IdentityUserRolesHandler implements IQueryHandler<IdentityUserRoles, string[]> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async execute({ userId }: IdentityUserRoles): Promise<string[]> {
    return (await this.users.byId(this.pool, userId))?.roles ?? [];
  }
}
