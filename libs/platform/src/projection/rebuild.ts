import type { EventStore } from '../event-store/port.js';
import { withTransaction, type Pool } from '../postgres/pool.js';
import { applyEvents, migrateProjections } from './apply-events.js';
import { clearUserPositions, DEFAULT_CHECKPOINT_NAME, lockCheckpoint, saveCheckpoint } from './checkpoint.js';
import { lockOutWriters } from './inline-projection-store.js';
import type { Projection } from './projection.js';
import { clearQuarantines } from './quarantine.js';
import { tableIdentifier } from './table-names.js';

export interface RebuildOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  checkpointName?: string;
  /** Events read from the store per page (default 1000). */
  pageSize?: number;
}

export interface RebuildResult {
  events: number;
  position: bigint;
}

/**
 * Drops every read model and replays the whole log into it through the projector's own apply
 * path, in ONE transaction: readers see the old rows until it commits, then the new ones, never a
 * half-built state. A projector running meanwhile waits for it (its batches hold the same lock class
 * shared), then drops every event at or below the position the rebuild reached: the user positions
 * are cleared and the global checkpoint set to the head, which covers them all. Inline writes
 * (`InlineProjectionEventStore`) wait for it to end, and it starts only once none is in flight, so
 * it reads every event they stored.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, store, projections, checkpointName = DEFAULT_CHECKPOINT_NAME, pageSize = 1000 } = options;
  await migrateProjections(pool, projections);
  const tables = [...new Set(projections.flatMap((p) => p.tables))].map(tableIdentifier);
  return withTransaction(pool, async (client) => {
    await lockOutWriters(client);
    await lockCheckpoint(client, checkpointName);
    await clearUserPositions(client, checkpointName);
    // It applies every event, so none is failing any more: every quarantined partition is lifted (or the rebuild fails whole).
    await clearQuarantines(client, checkpointName);
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.join(', ')}`);
    let position = 0n;
    let events = 0;
    for (;;) {
      const page = await store.readAll({ after: position, limit: pageSize });
      const last = page[page.length - 1];
      if (!last) break;
      await applyEvents(client, projections, page);
      position = last.position;
      events += page.length;
    }
    await saveCheckpoint(client, checkpointName, position);
    return { events, position };
  });
}
