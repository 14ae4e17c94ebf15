import { Controller, Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { health, type RouteResponse } from '@budget/contracts';
import {
  APP_CONFIG, CLOCK, DEFAULT_CHECKPOINT_NAME, Endpoint, EVENT_STORE, PG_POOL, readCheckpoint, readHeadPosition, readProjectionLag, readQuarantines,
  type AppConfig, type Clock, type EventStore, type Pool, type ProjectionLag,
} from '@budget/platform';

type Health = RouteResponse<typeof health>;

export class HealthQuery extends Query<Health> {}

/**
 * The store answers; the projector's lag: the events it has not applied yet, the age of the
 * oldest of them, and how many users they belong to. With inline projection nothing can lag
 * (every write is projected as it commits), so the check is one index probe for the log's head,
 * never a count over the log. With async projection on PostgreSQL the lag is counted per user
 * partition (`readProjectionLag`); with EventStoreDB (no `es_events` table) the head comes from the
 * store and the events behind the checkpoint are counted by reading them (at most
 * `ESDB_LAG_SCAN` of them). Quarantined partitions (`projector_quarantine`) are listed by their event.
 */
const ESDB_LAG_SCAN = 10_000;

@QueryHandler(HealthQuery)
export class HealthHandler implements IQueryHandler<HealthQuery, Health> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'projection' | 'eventStore'>,
  ) {}

  async execute(): Promise<Health> {
    if (this.config.projection === 'inline') {
      const head = (await readHeadPosition(this.pool)).toString();
      return { status: 'ok', projector: { checkpoint: head, head, lagEvents: 0, lagMs: 0, lagUsers: 0, quarantined: [] } };
    }
    const lag = this.config.eventStore === 'postgres' ? await readProjectionLag(this.pool, DEFAULT_CHECKPOINT_NAME) : await this.eventStoreDbLag();
    const lagMs = lag.oldestRecordedAt ? Math.max(0, this.clock.now().getTime() - lag.oldestRecordedAt.getTime()) : 0;
    const quarantined = (await readQuarantines(this.pool, DEFAULT_CHECKPOINT_NAME)).map((q) => ({
      position: q.position.toString(),
      eventId: q.eventId,
      eventType: q.eventType,
      since: q.since.toISOString(),
      attempts: q.attempts,
      retryAt: q.retryAt.toISOString(),
    }));
    return {
      status: 'ok',
      projector: { checkpoint: lag.checkpoint.toString(), head: lag.head.toString(), lagEvents: lag.lagEvents, lagMs, lagUsers: lag.lagUsers, quarantined },
    };
  }

  private async eventStoreDbLag(): Promise<Pick<ProjectionLag, 'checkpoint' | 'head' | 'lagEvents' | 'lagUsers' | 'oldestRecordedAt'>> {
    const [checkpoint, head] = await Promise.all([readCheckpoint(this.pool, DEFAULT_CHECKPOINT_NAME), this.store.headPosition()]);
    const behind = head > checkpoint ? await this.store.readAll({ after: checkpoint, limit: ESDB_LAG_SCAN }) : [];
    const oldest = behind[0]?.metadata.recordedAt;
    return { checkpoint, head, lagEvents: behind.length, lagUsers: new Set(behind.map((e) => e.metadata.userId)).size, oldestRecordedAt: oldest ? new Date(oldest) : null };
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
