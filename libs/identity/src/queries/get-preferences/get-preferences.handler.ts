import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { getPreferences, RouteResponse } from '@budget/contracts';
import { PG_POOL, Unauthorized, type Pool } from '@budget/platform';
import { PreferencesRepository } from '../../persistence/preferences.repository.js';
import { GetPreferencesQuery } from './get-preferences.query.js';

/** The caller's preferences (the defaults until changed); a vanished user is 401. */
@QueryHandler(GetPreferencesQuery)
export class GetPreferencesHandler implements IQueryHandler<GetPreferencesQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  async execute({ userId }: GetPreferencesQuery): Promise<RouteResponse<typeof getPreferences>> {
    const data = await this.preferences.get(this.pool, userId);
    if (!data) throw new Unauthorized();
    return { data };
  }
}
