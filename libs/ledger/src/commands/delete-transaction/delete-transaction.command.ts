import { Command } from '@nestjs/cqrs';
import type { deleteTransaction, RouteResponse } from '@budget/contracts';

/** Delete a transaction (again: nothing changes). */
export class DeleteTransactionCommand extends Command<RouteResponse<typeof deleteTransaction>> {
  constructor(
    readonly userId: string,
    readonly transactionId: string,
    /** `?unlock=statement`: a row of a finished statement may go, reopening it. */
    readonly unlockConfirmed = false,
  ) {
    super();
  }
}
