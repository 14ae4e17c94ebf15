import { Command } from '@nestjs/cqrs';
import type { addCategory, RouteInput, RouteResponse } from '@budget/contracts';

/** Add a category to one of the caller's groups. */
export class AddCategoryCommand extends Command<RouteResponse<typeof addCategory>> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
    readonly body: RouteInput<typeof addCategory>['body'],
  ) {
    super();
  }
}
