import { Controller, Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { health, type RouteResponse } from '@budget/contracts';
import { Endpoint, PG_POOL, type Pool } from '@budget/platform';

type Health = RouteResponse<typeof health>;

export class HealthQuery extends Query<Health> {}

@QueryHandler(HealthQuery)
export class HealthHandler implements IQueryHandler<HealthQuery, Health> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute(): Promise<Health> {
    await this.pool.query('SELECT 1');
    return { status: 'ok' };
  }
}

/** GET /api/v1/health: 200 `{status:"ok"}` when the database answers (not in the original spec). */
@Controller()
export class HealthController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(health, HealthQuery)
  health(): Promise<Health> {
    return this.queries.execute(new HealthQuery());
  }
}
