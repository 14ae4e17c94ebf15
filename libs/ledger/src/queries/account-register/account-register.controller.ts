import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { accountRegister } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { AccountRegisterQuery } from './account-register.query.js';

/** GET /api/v1/account/{id}/transactions?offset&limit&pending&search: `{data: {transactions, balance, pendingBalance, transactionsCount}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class AccountRegisterController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(accountRegister, AccountRegisterQuery)
  page(@CurrentUserId() userId: string, @Input(accountRegister) { params, query }: CheckedInput<typeof accountRegister>) {
    return this.queries.execute(new AccountRegisterQuery(userId, params.id, query));
  }
}
