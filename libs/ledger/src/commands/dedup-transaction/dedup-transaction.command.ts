import { Command } from '@nestjs/cqrs';

/** Clear a bank row's duplicate flag ("No, these are not duplicates"). */
export class DedupTransactionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly transactionId: string,
  ) {
    super();
  }
}
