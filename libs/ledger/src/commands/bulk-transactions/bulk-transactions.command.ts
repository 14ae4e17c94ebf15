import { Command } from '@nestjs/cqrs';
import type { BULK_ACTIONS, bulkTransactions, RouteResponse } from '@budget/contracts';

/** One user action over many register rows (categorise, delete, review, unreview), all or nothing. */
export class BulkTransactionsCommand extends Command<RouteResponse<typeof bulkTransactions>> {
  constructor(
    readonly userId: string,
    readonly action: (typeof BULK_ACTIONS)[number],
    readonly transactionIds: readonly string[],
    readonly categoryId: string | undefined,
  ) {
    super();
  }
}
