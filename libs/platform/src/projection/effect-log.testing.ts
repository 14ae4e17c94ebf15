import type { EventStore, NewEvent } from '../event-store/port.js';
import type { Pool } from '../postgres/pool.js';
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

/**
 * The same projection, made slow for one user: each of that user's events takes `ms` longer (a
 * 5,000-row import, in miniature), the others' do not.
 */
export function slowForUser(projection: Projection, userId: string, ms: number): Projection {
  const { name, tables, migrations } = projection;
  return {
    name,
    tables,
    migrations,
    async apply(client, event) {
      if (event.metadata.userId === userId) await new Promise((resolve) => setTimeout(resolve, ms));
      await projection.apply(client, event);
    },
  };
}

export interface EffectCount {
  user_id: string;
  projection: string;
  position: string;
  n: number;
}

/** Every effect with how many times it was applied, in a stable order (one clean replay: each n = 1). */
export async function countEffects(db: Pick<Pool, 'query'>): Promise<EffectCount[]> {
  const { rows } = await db.query<EffectCount>(
    `SELECT e.user_id, e.projection, e.position::text AS position, count(*)::int AS n
       FROM test_effects e GROUP BY e.user_id, e.projection, e.position ORDER BY e.projection, e.position`,
  );
  return rows;
}
