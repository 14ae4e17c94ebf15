import { Command } from '@nestjs/cqrs';
import type { addGroup, RouteInput, RouteResponse } from '@budget/contracts';

/** Add a group to the caller's budget. */
export class AddGroupCommand extends Command<RouteResponse<typeof addGroup>> {
  constructor(
    readonly userId: string,
    readonly body: RouteInput<typeof addGroup>['body'],
  ) {
    super();
  }
}
