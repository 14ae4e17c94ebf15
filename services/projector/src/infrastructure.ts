import { createEventStore, createPool, type AppConfig, type EventStore, type Pool } from '@budget/platform';

export interface Infrastructure {
  pool: Pool;
  store: EventStore;
  close(): Promise<void>;
}

/** The pool and the configured event store (PostgreSQL by default, EventStoreDB by EVENT_STORE). */
export async function openInfrastructure(config: AppConfig): Promise<Infrastructure> {
  const pool = createPool(config.databaseUrl, 4);
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

/** Events per projector transaction, from PROJECTOR_BATCH_SIZE (default 100). */
export function batchSizeFrom(env: NodeJS.ProcessEnv): number {
  const size = Number(env.PROJECTOR_BATCH_SIZE ?? 100);
  if (!Number.isInteger(size) || size < 1) throw new Error(`PROJECTOR_BATCH_SIZE must be a positive integer, got ${env.PROJECTOR_BATCH_SIZE}`);
  return size;
}
