import { Command } from '@nestjs/cqrs';

/** Record an offered pair as one transfer between the user's accounts (POST /transfer-pairs/{pairId}/confirm). */
export class ConfirmTransferPairCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly pairId: string,
  ) {
    super();
  }
}
