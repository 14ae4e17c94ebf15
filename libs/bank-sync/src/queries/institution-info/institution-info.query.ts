import { Query } from '@nestjs/cqrs';
import type { getInstitutionInfo, RouteResponse } from '@budget/contracts';

/** Plaid's record of a linked institution of the user's. */
export class InstitutionInfoQuery extends Query<RouteResponse<typeof getInstitutionInfo>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
  ) {
    super();
  }
}
