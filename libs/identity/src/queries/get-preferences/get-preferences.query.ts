import { Query } from '@nestjs/cqrs';
import type { getPreferences, RouteResponse } from '@budget/contracts';

/** The caller's display preferences. */
export class GetPreferencesQuery extends Query<RouteResponse<typeof getPreferences>> {
  constructor(readonly userId: string) {
    super();
  }
}
