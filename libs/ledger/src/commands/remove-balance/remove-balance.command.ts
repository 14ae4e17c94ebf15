import { Command } from '@nestjs/cqrs';

/** Delete a balance-history row; under an account (`accountId`) it must be that account's. */
export class RemoveBalanceCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly balanceId: string,
    readonly accountId: string | null = null,
  ) {
    super();
  }
}
