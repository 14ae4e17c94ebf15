import { Command } from '@nestjs/cqrs';
import type { changeCategoryTransfer, RouteInput, RouteResponse } from '@budget/contracts';

/** Replace the date, comment and splits of a funding or rebalance; its kind stays. */
export class ChangeCategoryTransferCommand extends Command<RouteResponse<typeof changeCategoryTransfer>> {
  constructor(
    readonly userId: string,
    readonly transactionId: string,
    readonly body: RouteInput<typeof changeCategoryTransfer>['body'],
  ) {
    super();
  }
}
