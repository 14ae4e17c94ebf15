import type { StoredEvent } from '../event-store/port.js';
import { migrate } from '../postgres/migrate.js';
import type { Pool, PoolClient } from '../postgres/pool.js';
import { checkpointMigrations } from './checkpoint.js';
import type { Projection } from './projection.js';
import { quarantineMigrations } from './quarantine.js';

/**
 * Runs the checkpoint and quarantine tables' and every projection's migrations (a migration shared by several
 * projections runs once). Safe to call from every process.
 */
export async function migrateProjections(pool: Pool, projections: readonly Projection[]): Promise<void> {
  const all = [...checkpointMigrations, ...quarantineMigrations, ...projections.flatMap((p) => p.migrations)];
  await migrate(pool, [...new Map(all.map((m) => [m.id, m])).values()]);
}

/**
 * The one apply path shared by the live projector, the inline projection of a write and the
 * rebuild: events in order, to each projection in turn (a projection touches only its own tables,
 * so this equals event by event), through its `applyBatch` where it has one.
 */
export async function applyEvents(client: PoolClient, projections: readonly Projection[], events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  for (const projection of projections) {
    if (projection.applyBatch) await projection.applyBatch(client, events);
    else for (const event of events) await projection.apply(client, event);
  }
}
