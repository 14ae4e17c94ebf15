import { Query } from '@nestjs/cqrs';
import type { accountBankBalance, RouteResponse } from '@budget/contracts';

/** A linked account's cleared, uncleared and working balances and its difference from the bank. */
export class AccountBankBalanceQuery extends Query<RouteResponse<typeof accountBankBalance>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
  ) {
    super();
  }
}
