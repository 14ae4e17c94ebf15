import { Command } from '@nestjs/cqrs';
import type { recordTransaction, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Add a manual transaction to an account. */
export class RecordTransactionCommand extends Command<RouteResponse<typeof recordTransaction>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: CheckedBody<typeof recordTransaction>,
  ) {
    super();
  }
}
