import { Command } from '@nestjs/cqrs';
import type { RouteInput, RouteResponse, setPlanItem } from '@budget/contracts';

/** Set the funding plan of one of the caller's categories. */
export class SetPlanItemCommand extends Command<RouteResponse<typeof setPlanItem>> {
  constructor(
    readonly userId: string,
    readonly categoryId: string,
    readonly body: RouteInput<typeof setPlanItem>['body'],
  ) {
    super();
  }
}
