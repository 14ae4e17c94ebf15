import { Query } from '@nestjs/cqrs';
import type { listTransferCandidates, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of the caller's offered transfer pairs whose rows can still be paired. */
export class TransferCandidatesQuery extends Query<RouteResponse<typeof listTransferCandidates>> {
  constructor(
    readonly userId: string,
    readonly page: CheckedQuery<typeof listTransferCandidates>,
  ) {
    super();
  }
}
