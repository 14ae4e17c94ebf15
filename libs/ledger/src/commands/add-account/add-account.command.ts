import { Command } from '@nestjs/cqrs';
import type { addAccount, RouteInput, RouteResponse } from '@budget/contracts';

/** Add an offline account to an institution. */
export class AddAccountCommand extends Command<RouteResponse<typeof addAccount>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly body: RouteInput<typeof addAccount>['body'],
  ) {
    super();
  }
}
