import type { StoredEvent } from '../event-store/port.js';
import { withTransaction, type Pool } from '../postgres/pool.js';
import { applyEvents } from './apply-events.js';
import { lockCheckpoint, saveCheckpoint } from './checkpoint.js';
import type { Projection } from './projection.js';

/**
 * Applies `events` (the ones right after `expected`) to every projection and moves the checkpoint
 * to the last of them, all in ONE transaction: a crash before COMMIT leaves neither the effects
 * nor the new checkpoint, a crash after leaves both. If the checkpoint is no longer at `expected`
 * (another projector process, or a rebuild, moved it) nothing is applied.
 * Returns the checkpoint as it stands after the transaction.
 */
export async function commitBatch(
  pool: Pool,
  checkpointName: string,
  projections: readonly Projection[],
  expected: bigint,
  events: readonly StoredEvent[],
): Promise<bigint> {
  const last = events[events.length - 1];
  if (!last) return expected;
  return withTransaction(pool, async (client) => {
    const current = await lockCheckpoint(client, checkpointName);
    if (current !== expected) return current;
    await applyEvents(client, projections, events);
    await saveCheckpoint(client, checkpointName, last.position);
    return last.position;
  });
}
