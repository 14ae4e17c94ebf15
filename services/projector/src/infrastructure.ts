import { createEventStore, createPool, type AppConfig, type EventStore, type Pool } from '@budget/platform';

export interface Infrastructure {
  pool: Pool;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * The pool (`poolSize` connections: the projector needs one per worker and one for its checkpoint)
 * and the configured event store (PostgreSQL by default, EventStoreDB by EVENT_STORE).
 */
export async function openInfrastructure(config: AppConfig, poolSize = 4): Promise<Infrastructure> {
  const pool = createPool(config.databaseUrl, poolSize);
  try {
    const store = await createEventStore({
      kind: config.eventStore,
      pool,
      databaseUrl: config.databaseUrl,
      eventStoreUrl: config.eventStoreUrl,
    });
    return {
      pool,
      store,
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Events of one user per projector transaction, from PROJECTOR_BATCH_SIZE (default 100). */
export function batchSizeFrom(env: NodeJS.ProcessEnv): number {
  return positiveIntegerFrom(env, 'PROJECTOR_BATCH_SIZE', 100);
}

/** Batches (each a different user's) the projector commits at once, from PROJECTOR_WORKERS (default 4). */
export function workersFrom(env: NodeJS.ProcessEnv): number {
  return positiveIntegerFrom(env, 'PROJECTOR_WORKERS', 4);
}

function positiveIntegerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${env[name]}`);
  return value;
}
