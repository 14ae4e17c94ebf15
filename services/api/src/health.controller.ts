import { Controller, Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { health, type RouteResponse } from '@budget/contracts';
import { APP_CONFIG, CLOCK, DEFAULT_CHECKPOINT_NAME, Endpoint, PG_POOL, readQuarantines, type AppConfig, type Clock, type Pool } from '@budget/platform';

type Health = RouteResponse<typeof health>;

export class HealthQuery extends Query<Health> {}

/**
 * The database answers; the projector's lag: the events it has not applied yet, the age of the
 * oldest of them, and how many users they belong to (none with inline projection: every write is
 * projected as it commits). The projector works per user, so an event above the global checkpoint
 * (the low-water mark) is applied already when its user's partition has passed it: one user's
 * burst shows as that user's events behind, not as every later event of everyone. Quarantined
 * partitions (an event failed to project; `projector_quarantine`) are listed by their event.
 */
@QueryHandler(HealthQuery)
export class HealthHandler implements IQueryHandler<HealthQuery, Health> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'projection'>,
  ) {}

  async execute(): Promise<Health> {
    const { rows } = await this.pool.query<{ checkpoint: string; head: string; behind: string; users: string; oldest: string | null }>(
      `WITH c AS (SELECT coalesce((SELECT position FROM projector_checkpoint WHERE name = $1), 0) AS position),
       pending AS (
         SELECT e.position, e.user_id, e.metadata->>'recordedAt' AS recorded_at
           FROM c JOIN es_events e ON e.position > c.position
           LEFT JOIN projector_user_positions u ON u.name = $1 AND u.user_id = e.user_id
          WHERE e.position > coalesce(u.position, 0))
       SELECT c.position::text AS checkpoint,
              coalesce((SELECT max(position) FROM es_events), 0)::text AS head,
              (SELECT count(*) FROM pending)::text AS behind,
              (SELECT count(DISTINCT user_id) FROM pending)::text AS users,
              (SELECT recorded_at FROM pending ORDER BY position LIMIT 1) AS oldest
         FROM c`,
      [DEFAULT_CHECKPOINT_NAME],
    );
    const row = rows[0]!;
    // Inline, every write is in the read models when it commits: nothing lags, whatever the checkpoint.
    if (this.config.projection === 'inline') return { status: 'ok', projector: { checkpoint: row.head, head: row.head, lagEvents: 0, lagMs: 0, lagUsers: 0, quarantined: [] } };
    const lagMs = row.oldest ? Math.max(0, this.clock.now().getTime() - Date.parse(row.oldest)) : 0;
    const quarantined = (await readQuarantines(this.pool, DEFAULT_CHECKPOINT_NAME)).map((q) => ({
      position: q.position.toString(),
      eventId: q.eventId,
      eventType: q.eventType,
      since: q.since.toISOString(),
      attempts: q.attempts,
      retryAt: q.retryAt.toISOString(),
    }));
    return { status: 'ok', projector: { checkpoint: row.checkpoint, head: row.head, lagEvents: Number(row.behind), lagMs, lagUsers: Number(row.users), quarantined } };
  }
}

/** GET /api/v1/health: 200 when the database answers, with the projector's lag (not in the original spec). */
@Controller()
export class HealthController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(health, HealthQuery)
  health(): Promise<Health> {
    return this.queries.execute(new HealthQuery());
  }
}
