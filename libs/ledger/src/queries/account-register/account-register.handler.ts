import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { AccountRegisterQuery } from './account-register.query.js';
import { accountRegister } from './account-register.sql.js';

@QueryHandler(AccountRegisterQuery)
export class AccountRegisterHandler implements IQueryHandler<AccountRegisterQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, accountId, page }: AccountRegisterQuery) {
    const { offset, limit, search, pending } = page;
    const newOnly = page.new === '1';
    return { data: await accountRegister(this.pool, userId, accountId, pending === '1', { offset, limit, search: search ?? null, newOnly }) };
  }
}
