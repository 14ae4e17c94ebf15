import { Command } from '@nestjs/cqrs';

/** "Yes, these are duplicates": the flagged bank row's typed original becomes that bank row. */
export class MatchDuplicateCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly transactionId: string,
  ) {
    super();
  }
}
