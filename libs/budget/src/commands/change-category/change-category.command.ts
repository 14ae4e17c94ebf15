import { Command } from '@nestjs/cqrs';
import type { changeCategory, RouteInput, RouteResponse } from '@budget/contracts';

/** Change one of the caller's categories and move it into the route's group. */
export class ChangeCategoryCommand extends Command<RouteResponse<typeof changeCategory>> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
    readonly categoryId: string,
    readonly body: RouteInput<typeof changeCategory>['body'],
  ) {
    super();
  }
}
