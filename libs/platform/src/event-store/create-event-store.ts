import type pg from 'pg';
import type { EventStore } from './port.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';

export type EventStoreKind = 'postgres' | 'eventstoredb';

export interface EventStoreSettings {
  kind: EventStoreKind;
  /** PostgreSQL: the pool appends and reads go through. */
  pool?: pg.Pool;
  /** PostgreSQL: the URL subscriptions open their own LISTEN connection with. */
  databaseUrl?: string;
  /** EventStoreDB: `esdb://…` connection string (`EVENTSTORE_URL`). */
  eventStoreUrl?: string;
  /** EventStoreDB: deadline for every call to the server. */
  timeoutMs?: number;
}

/** The configured adapter (`EVENT_STORE`, docs/architecture.md §3); PostgreSQL migrates its table first. */
export async function createEventStore(settings: EventStoreSettings): Promise<EventStore> {
  switch (settings.kind) {
    case 'postgres': {
      if (!settings.pool || !settings.databaseUrl) throw new Error('EVENT_STORE=postgres needs a pool and DATABASE_URL');
      return PostgresEventStore.create(settings.pool, settings.databaseUrl);
    }
    case 'eventstoredb': {
      if (!settings.eventStoreUrl) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_URL');
      const options = settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs };
      return EventStoreDbEventStore.connect(settings.eventStoreUrl, options);
    }
    default: {
      const unknown: never = settings.kind;
      throw new Error(`Unknown event store kind: ${String(unknown)}`);
    }
  }
}
