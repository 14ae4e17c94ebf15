import { Query } from '@nestjs/cqrs';
import type { getInstitutionLinkToken, RouteResponse } from '@budget/contracts';

/** A Link token in update mode for one of the user's linked institutions. */
export class InstitutionLinkTokenQuery extends Query<RouteResponse<typeof getInstitutionLinkToken>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
  ) {
    super();
  }
}
