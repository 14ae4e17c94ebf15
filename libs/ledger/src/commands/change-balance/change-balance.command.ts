import { Command } from '@nestjs/cqrs';
import type { changeBalance, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Change a balance-history row of an account. */
export class ChangeBalanceCommand extends Command<RouteResponse<typeof changeBalance>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly balanceId: string,
    readonly body: CheckedBody<typeof changeBalance>,
  ) {
    super();
  }
}
