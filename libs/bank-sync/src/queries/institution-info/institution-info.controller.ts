import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getInstitutionInfo, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { InstitutionInfoQuery } from './institution-info.query.js';

/** GET /api/v1/institution/{id}/info: Plaid's institution object, bare. */
@Controller()
export class InstitutionInfoController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getInstitutionInfo, InstitutionInfoQuery)
  get(@CurrentUserId() userId: string, @Input(getInstitutionInfo) { params }: RouteInput<typeof getInstitutionInfo>) {
    return this.queries.execute(new InstitutionInfoQuery(userId, params.id));
  }
}
