import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { AccountBankBalanceQuery } from './account-bank-balance.query.js';
import { bankBalanceCents, bankBalanceView } from './account-bank-balance.sql.js';

@QueryHandler(AccountBankBalanceQuery)
export class AccountBankBalanceHandler implements IQueryHandler<AccountBankBalanceQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, accountId }: AccountBankBalanceQuery) {
    return { data: bankBalanceView(await bankBalanceCents(this.pool, userId, accountId)) };
  }
}
