import { Command } from '@nestjs/cqrs';
import type { changeAccount, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Rename, close or reopen an account, or move its start date. */
export class ChangeAccountCommand extends Command<RouteResponse<typeof changeAccount>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: Pick<CheckedBody<typeof changeAccount>, 'name' | 'closed' | 'startDate'>,
  ) {
    super();
  }
}
