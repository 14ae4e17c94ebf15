import { Command } from '@nestjs/cqrs';
import type { changeStatement, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Change a statement, or reconcile all or none of its period's rows. */
export class ChangeStatementCommand extends Command<RouteResponse<typeof changeStatement>> {
  constructor(
    readonly userId: string,
    readonly statementId: string,
    readonly body: CheckedBody<typeof changeStatement>,
  ) {
    super();
  }
}
