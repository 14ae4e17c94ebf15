import { Command } from '@nestjs/cqrs';
import type { editTransaction, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Change a transaction at the version the caller saw. */
export class EditTransactionCommand extends Command<RouteResponse<typeof editTransaction>> {
  constructor(
    readonly userId: string,
    readonly transactionId: string,
    readonly body: CheckedBody<typeof editTransaction>,
    /** `?unlock=statement`: a row of a finished statement may change, reopening it. */
    readonly unlockConfirmed = false,
  ) {
    super();
  }
}
