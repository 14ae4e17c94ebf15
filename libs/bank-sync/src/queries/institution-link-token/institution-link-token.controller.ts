import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getInstitutionLinkToken, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { InstitutionLinkTokenQuery } from './institution-link-token.query.js';

/** GET /api/v1/institution/{id}/link-token: `{linkToken}` for Link in update mode. */
@Controller()
export class InstitutionLinkTokenController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getInstitutionLinkToken, InstitutionLinkTokenQuery)
  get(@CurrentUserId() userId: string, @Input(getInstitutionLinkToken) { params }: RouteInput<typeof getInstitutionLinkToken>) {
    return this.queries.execute(new InstitutionLinkTokenQuery(userId, params.id));
  }
}
