import pg from 'pg';
import type { EventHandler, Subscription } from './port.js';
import { READ_ALL_SQL, readablePrefix, type LogRow } from './postgres-event-row.js';

const PAGE_SIZE = 500;
/** Fallback poll, should a notification ever be missed (reconnects, NOTIFY queue overflow). */
const POLL_MS = 1000;
/** Re-read delays while committed events wait for an older transaction (see below): 2, 4 … 64 ms. */
const HELD_BACK_FIRST_MS = 2;
const HELD_BACK_MAX_MS = 64;

/** The channel subscriptions LISTEN on; `Announcer` notifies it after appends commit. */
export const EVENTS_CHANNEL = 'es_events';

/** At most one NOTIFY per this many milliseconds from one process while appends keep coming. */
const ANNOUNCE_INTERVAL_MS = 5;

/**
 * Wakes every subscription (in any process) after appends commit. A NOTIFY inside the append's
 * transaction would hold PostgreSQL's notification lock from pre-commit until the commit record is
 * flushed, serialising the commits of all appends again; here it is a statement of its own, sent
 * after the commit, off the append's path. The first append after a quiet spell is announced at
 * once; while appends keep coming, one NOTIFY every ANNOUNCE_INTERVAL_MS covers all of them.
 * Should one never be sent (the process dies right after a commit), a subscription's fallback poll
 * finds the events.
 */
export class Announcer {
  private pending = false;
  private lastSent = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  announce(): void {
    this.pending = true;
    if (this.timer || this.sending) return;
    const wait = this.lastSent + ANNOUNCE_INTERVAL_MS - performance.now();
    if (wait <= 0) {
      this.send();
    } else {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, wait);
      this.timer.unref();
    }
  }

  /** Sends what is pending now, and resolves once nothing is on its way. */
  async flush(): Promise<void> {
    while (this.timer || this.sending) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.send();
      }
      await this.sending;
    }
  }

  private send(): void {
    this.pending = false;
    this.lastSent = performance.now();
    this.sending = this.pool
      .query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, ''])
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.sending = null;
        if (this.pending) this.announce();
      });
  }
}

/**
 * A live subscription on its own connection: it LISTENs for appends and reads pages after its
 * cursor on that same connection, so a pool busy with writers never starves it. A notification
 * that arrives while a page is being read or handled is remembered, so no wake-up is lost.
 *
 * It hands out only the readable prefix of each page (`readablePrefix`): committed events whose
 * transaction is not yet below the oldest one in flight are held back, because an event with an
 * earlier position may still commit. Their commit was announced already and the transaction that
 * holds them back may announce nothing (any writer in the cluster counts), so while events are
 * held back the page is read again after a short, growing delay instead of waiting for a NOTIFY.
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

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (notified || stopped || failure) return resolve();
      const timer = setTimeout(() => wake?.(), ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const run = async () => {
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      let cursor = after ?? 0n;
      let heldBackDelay = HELD_BACK_FIRST_MS;
      while (!stopped) {
        if (failure) throw failure;
        notified = false;
        const { rows } = await client.query<LogRow>(READ_ALL_SQL, [cursor.toString(), PAGE_SIZE]);
        const { events, heldBack } = readablePrefix(rows);
        for (const event of events) {
          if (stopped) break;
          await handler(event);
          cursor = event.position;
        }
        if (heldBack.length > 0) {
          if (events.length > 0) heldBackDelay = HELD_BACK_FIRST_MS;
          await idle(heldBackDelay);
          heldBackDelay = Math.min(heldBackDelay * 2, HELD_BACK_MAX_MS);
        } else {
          heldBackDelay = HELD_BACK_FIRST_MS;
          if (rows.length < PAGE_SIZE) await idle(POLL_MS);
        }
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
