import { Command } from '@nestjs/cqrs';
import type { recordCategoryTransfer, RouteInput, RouteResponse } from '@budget/contracts';

/** Record a funding (type 2), a rebalance (type 3) or a From/To category transfer (no type). */
export class RecordCategoryTransferCommand extends Command<RouteResponse<typeof recordCategoryTransfer>> {
  constructor(
    readonly userId: string,
    readonly body: RouteInput<typeof recordCategoryTransfer>['body'],
  ) {
    super();
  }
}
