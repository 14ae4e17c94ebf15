import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { accountBankBalance } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { AccountBankBalanceQuery } from './account-bank-balance.query.js';

/** GET /api/v1/account/{id}/bank-balance: `{data: {linked, cleared, uncleared, working, plaidBalance, difference}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class AccountBankBalanceController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(accountBankBalance, AccountBankBalanceQuery)
  get(@CurrentUserId() userId: string, @Input(accountBankBalance) { params }: CheckedInput<typeof accountBankBalance>) {
    return this.queries.execute(new AccountBankBalanceQuery(userId, params.id));
  }
}
