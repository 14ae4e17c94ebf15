import { Command } from '@nestjs/cqrs';
import type { changeGroup, RouteInput, RouteResponse } from '@budget/contracts';

/** Rename, move or hide one of the caller's groups. */
export class ChangeGroupCommand extends Command<RouteResponse<typeof changeGroup>> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
    readonly body: RouteInput<typeof changeGroup>['body'],
  ) {
    super();
  }
}
