import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { getPreferences } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { GetPreferencesQuery } from './get-preferences.query.js';

/** GET /api/v1/user/preferences. */
@Controller()
export class GetPreferencesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(getPreferences, GetPreferencesQuery)
  get(@CurrentUserId() userId: string) {
    return this.queries.execute(new GetPreferencesQuery(userId));
  }
}
