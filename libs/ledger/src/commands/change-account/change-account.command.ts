import { Command } from '@nestjs/cqrs';
import type { changeAccount, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Rename, close or reopen an account, move its start date, or change its tracking. */
export class ChangeAccountCommand extends Command<RouteResponse<typeof changeAccount>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: Pick<CheckedBody<typeof changeAccount>, 'name' | 'closed' | 'startDate' | 'tracking'>,
  ) {
    super();
  }
}
