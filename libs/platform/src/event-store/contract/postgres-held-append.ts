import pg from 'pg';
import { appendEvents, type AppendOutcome } from '../postgres-append.js';
import { EVENTS_CHANNEL } from '../postgres-subscription.js';
import type { HoldAppend } from './fixtures.js';

/**
 * Test-only, for the PostgreSQL adapter: runs the adapter's own append statement inside an explicit
 * transaction on a dedicated connection and leaves it open, so a later append can commit first.
 * Committing announces it the way `PostgresEventStore.append` does.
 */
export function postgresHoldAppend(connectionString: string): HoldAppend {
  return async (stream, events, expectedRevision) => {
    const client = new pg.Client({ connectionString, application_name: 'event-store-contract-held-append' });
    await client.connect();
    let outcome: AppendOutcome;
    try {
      await client.query('BEGIN');
      outcome = await appendEvents(client, stream, events, expectedRevision);
    } catch (error) {
      await client.end();
      throw error;
    }
    let ended = false;
    const end = async (statement: 'COMMIT' | 'ROLLBACK') => {
      if (ended) return;
      ended = true;
      try {
        await client.query(statement);
        if (statement === 'COMMIT') await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
      } finally {
        await client.end();
      }
    };
    return {
      result: { nextRevision: outcome.nextRevision, position: outcome.position },
      commit: () => end('COMMIT'),
      rollback: () => end('ROLLBACK'),
    };
  };
}
