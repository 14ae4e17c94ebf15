import { Command } from '@nestjs/cqrs';
import type { changeAccount, RouteInput, RouteResponse } from '@budget/contracts';

/** Rename, close or reopen an account, or move its start date. */
export class ChangeAccountCommand extends Command<RouteResponse<typeof changeAccount>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: Pick<RouteInput<typeof changeAccount>['body'], 'name' | 'closed' | 'startDate'>,
  ) {
    super();
  }
}
