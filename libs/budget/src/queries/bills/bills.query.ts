import { Query } from '@nestjs/cqrs';
import type { listBills, RouteResponse } from '@budget/contracts';

/** The caller's bill overview. */
export class BillsQuery extends Query<RouteResponse<typeof listBills>> {
  constructor(readonly userId: string) {
    super();
  }
}
