import { Command } from '@nestjs/cqrs';
import type { recordBankAdjustment, RouteResponse } from '@budget/contracts';
import type { Cents } from '@budget/money';

/** Record a linked account's difference from the bank (the amount the user was shown) as an adjustment. */
export class RecordBankAdjustmentCommand extends Command<RouteResponse<typeof recordBankAdjustment>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly amount: Cents,
  ) {
    super();
  }
}
