import pg from 'pg';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type Subscription,
} from './port.js';
import { migrate } from '../postgres/migrate.js';
import { eventStoreMigrations } from './postgres-event-store.migrations.js';

/** Every append takes this transaction-scoped advisory lock: see "Ordering" below. */
const APPEND_LOCK = 727_100;
const NOTIFY_CHANNEL = 'es_events';

interface EventRow {
  position: string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
}

const SELECT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

function toStored(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}

/**
 * The PostgreSQL adapter: one `es_events` table.
 *
 * Ordering: appends are serialised by a transaction-scoped advisory lock, so positions are handed
 * out and committed in the same order. A reader that sees position N therefore already sees every
 * committed position below N: no reader can skip an event that commits later (the "bigserial gap"
 * problem of DESIGN.md §3). The price is one writer at a time; the benchmark in tools/bench
 * measures it against plain INSERTs.
 */
export class PostgresEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  static async create(pool: pg.Pool, connectionString: string): Promise<PostgresEventStore> {
    await migrate(pool, eventStoreMigrations);
    return new PostgresEventStore(pool, connectionString);
  }

  async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);

      const ids = events.map((e) => e.id);
      const existing = await client.query<{ position: string; revision: number; stream_id: string }>(
        'SELECT position, revision, stream_id FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY position',
        [ids],
      );
      if (existing.rowCount === events.length && existing.rows.every((r) => r.stream_id === stream)) {
        await client.query('COMMIT');
        const last = existing.rows[existing.rows.length - 1]!;
        return { nextRevision: last.revision, position: BigInt(last.position) };
      }
      if ((existing.rowCount ?? 0) > 0) {
        throw new Error(`append to ${stream}: some of these event ids are already stored elsewhere`);
      }

      const head = await client.query<{ revision: number | null }>(
        'SELECT max(revision) AS revision FROM es_events WHERE stream_id = $1',
        [stream],
      );
      const current = head.rows[0]?.revision ?? null;
      const actual = current === null ? 'no_stream' : current;
      if (
        (expectedRevision === 'no_stream' && current !== null) ||
        (typeof expectedRevision === 'number' && expectedRevision !== current)
      ) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }

      const first = current === null ? 0 : current + 1;
      const inserted = await client.query<{ position: string }>(
        `INSERT INTO es_events (event_id, stream_id, revision, type, data, metadata, user_id)
         SELECT e.id, $2, $3::int + e.ord - 1, e.type, e.data, e.metadata, e.metadata->>'userId'
           FROM unnest($1::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
                WITH ORDINALITY AS e(id, type, data, metadata, ord)
          ORDER BY e.ord
        RETURNING position`,
        [
          ids,
          stream,
          first,
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      const positions = inserted.rows.map((r) => BigInt(r.position));
      const last = positions.reduce((a, b) => (b > a ? b : a));
      await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, last.toString()]);
      await client.query('COMMIT');
      return { nextRevision: first + events.length - 1, position: last };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY revision`,
      [stream],
    );
    return rows.map(toStored);
  }

  async readAll({ after, limit = 1000 }: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE position > $1 ORDER BY position LIMIT $2`,
      [(after ?? 0n).toString(), limit],
    );
    return rows.map(toStored);
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ p: string | null }>('SELECT max(position) AS p FROM es_events');
    return BigInt(rows[0]?.p ?? 0);
  }

  async deleteUserStreams(userId: string): Promise<number> {
    const result = await this.pool.query('DELETE FROM es_events WHERE user_id = $1', [userId]);
    return result.rowCount ?? 0;
  }

  subscribeAll(after: bigint | null, handler: EventHandler): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    const listener = new pg.Client({ connectionString: this.connectionString });
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = null;
          resolve();
        }, ms);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });

    const run = async () => {
      await listener.connect();
      listener.on('notification', () => wake?.());
      await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
      let cursor = after ?? 0n;
      try {
        while (!stopped) {
          const batch = await this.readAll({ after: cursor, limit: 500 });
          for (const event of batch) {
            if (stopped) break;
            await handler(event);
            cursor = event.position;
          }
          if (batch.length === 0 && !stopped) await sleep(1000);
        }
      } finally {
        await listener.end().catch(() => undefined);
      }
    };

    const done = run();
    done.catch(() => undefined);
    const subscription: Subscription = {
      done,
      stop: async () => {
        stopped = true;
        const w = wake as (() => void) | null;
        w?.();
        await done.catch(() => undefined);
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }
}
