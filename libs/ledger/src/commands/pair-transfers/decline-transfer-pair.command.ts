import { Command } from '@nestjs/cqrs';

/** Say an offered pair is not a transfer (POST /transfer-pairs/{pairId}/decline). */
export class DeclineTransferPairCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly pairId: string,
  ) {
    super();
  }
}
