import { Query } from '@nestjs/cqrs';
import type { accountRegister, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of an account's register. */
export class AccountRegisterQuery extends Query<RouteResponse<typeof accountRegister>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly page: CheckedQuery<typeof accountRegister>,
  ) {
    super();
  }
}
