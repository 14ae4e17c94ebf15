import { Command } from '@nestjs/cqrs';
import type { recordBalance, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Record a Balances account's balance on a date. */
export class RecordBalanceCommand extends Command<RouteResponse<typeof recordBalance>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: CheckedBody<typeof recordBalance>,
  ) {
    super();
  }
}
