import pg from 'pg';
import type { EventHandler, Subscription } from './port.js';
import { READ_ALL_SQL, toStored, type EventRow } from './postgres-event-row.js';

const PAGE_SIZE = 500;
/** Fallback poll, should a notification ever be missed (reconnects, NOTIFY queue overflow). */
const POLL_MS = 1000;

/**
 * A live subscription on its own connection: it LISTENs for appends and reads pages after its
 * cursor on that same connection, so a pool busy with writers never starves it. A notification
 * that arrives while a page is being read or handled is remembered, so no wake-up is lost.
 * Positions commit in order (see PostgresEventStore), so reading `position > cursor` never skips.
 */
export function subscribeWithListen(connectionString: string, after: bigint | null, handler: EventHandler): Subscription {
  const client = new pg.Client({ connectionString, application_name: 'event-store-subscription' });
  let stopped = false;
  let notified = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;

  client.on('notification', () => {
    notified = true;
    wake?.();
  });
  client.on('error', (error) => {
    failure = error;
    wake?.();
  });

  const idle = () =>
    new Promise<void>((resolve) => {
      if (notified || stopped || failure) return resolve();
      const timer = setTimeout(() => wake?.(), POLL_MS);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const run = async () => {
    try {
      await client.connect();
      // es_append (postgres-event-store.migrations.ts) notifies this channel at each commit.
      await client.query('LISTEN es_events');
      let cursor = after ?? 0n;
      while (!stopped) {
        if (failure) throw failure;
        notified = false;
        const { rows } = await client.query<EventRow>(READ_ALL_SQL, [cursor.toString(), PAGE_SIZE]);
        for (const row of rows) {
          if (stopped) break;
          const event = toStored(row);
          await handler(event);
          cursor = event.position;
        }
        if (rows.length < PAGE_SIZE) await idle();
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const done = run();
  done.catch(() => undefined);
  return {
    done,
    stop: async () => {
      stopped = true;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
