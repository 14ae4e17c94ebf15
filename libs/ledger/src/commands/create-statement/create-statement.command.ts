import { Command } from '@nestjs/cqrs';
import type { createStatement, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Add a statement to an account. */
export class CreateStatementCommand extends Command<RouteResponse<typeof createStatement>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: CheckedBody<typeof createStatement>,
  ) {
    super();
  }
}
