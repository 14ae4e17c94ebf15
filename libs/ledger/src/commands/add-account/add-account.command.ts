import { Command } from '@nestjs/cqrs';
import type { addAccount, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Add an offline account to an institution. */
export class AddAccountCommand extends Command<RouteResponse<typeof addAccount>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly body: CheckedBody<typeof addAccount>,
  ) {
    super();
  }
}
