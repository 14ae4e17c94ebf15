import { Query } from '@nestjs/cqrs';
import type { payeeReport, RouteInput, RouteResponse } from '@budget/contracts';

/** Spending and income by payee and channel. */
export class PayeeQuery extends Query<RouteResponse<typeof payeeReport>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof payeeReport>['query'],
  ) {
    super();
  }
}
