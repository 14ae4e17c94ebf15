import { Command } from '@nestjs/cqrs';
import type { reviewTransactions, RouteResponse } from '@budget/contracts';

/** Mark rows reviewed (or new again), all or nothing. */
export class ReviewTransactionsCommand extends Command<RouteResponse<typeof reviewTransactions>> {
  constructor(
    readonly userId: string,
    readonly transactionIds: readonly string[],
    readonly reviewed: boolean,
  ) {
    super();
  }
}
