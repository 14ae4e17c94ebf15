import type { EventStore, NewEvent } from '../event-store/port.js';
import type { Projection } from './projection.js';

/**
 * Test helpers for the projection runtime. `effect-log` projections insert one row per event,
 * with no uniqueness at all: an effect applied twice shows up as a duplicate row, a lost one as a
 * missing row.
 */
export const EFFECT_TABLE = 'test_effects';

export function effectLogProjection(name: string, fault: { failAt: bigint | null } = { failAt: null }): Projection {
  return {
    name,
    tables: [EFFECT_TABLE],
    migrations: [
      {
        id: 'platform-test-001-effects',
        sql: `CREATE TABLE IF NOT EXISTS test_effects (user_id text NOT NULL, projection text NOT NULL, position bigint NOT NULL)`,
      },
    ],
    async apply(client, event) {
      if (fault.failAt === event.position) throw new Error(`${name} fails at ${event.position}`);
      await client.query('INSERT INTO test_effects (user_id, projection, position) VALUES ($1, $2, $3)', [
        event.metadata.userId,
        name,
        event.position.toString(),
      ]);
    },
  };
}

/** Appends `count` events, one per append, to the stream `test-<userId>`; returns the last position. */
export async function appendTestEvents(store: EventStore, userId: string, count: number): Promise<bigint> {
  let position = 0n;
  for (let i = 0; i < count; i += 1) {
    const event: NewEvent = {
      id: crypto.randomUUID(),
      type: 'TestHappened',
      data: { i },
      metadata: { userId, correlationId: 'test', causationId: null, recordedAt: '2026-01-01T00:00:00.000Z', actor: 'system' },
    };
    ({ position } = await store.append(`test-${userId}`, [event], { expectedRevision: 'any' }));
  }
  return position;
}
