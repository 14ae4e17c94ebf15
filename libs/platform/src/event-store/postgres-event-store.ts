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
import { READ_ALL_SQL, SELECT_COLUMNS, toStored, type EventRow } from './postgres-event-row.js';
import { subscribeWithListen } from './postgres-subscription.js';

/** What `es_append` (postgres-event-store.migrations.ts) answers: one row per call. */
interface AppendRow {
  outcome: 'appended' | 'duplicate' | 'conflict';
  /** The stream's last revision; null for a conflict on a missing stream. */
  revision: number | null;
  /** Last position appended (or already stored); null for a conflict. */
  position: string | null;
}

/**
 * The PostgreSQL adapter: one `es_events` table.
 *
 * Ordering: appends are serialised by a transaction-scoped advisory lock, so positions are handed
 * out and committed in the same order. A reader that sees position N therefore already sees every
 * committed position below N: no reader can skip an event that commits later (the "bigserial gap"
 * problem of DESIGN.md §3). The price is one writer at a time. To keep that window short, an
 * append is one call of the `es_append` function (one round trip, autocommitted): the lock is held
 * while the function runs and its transaction commits, never while the network carries a reply.
 * The same function checks idempotency (event ids already stored in this stream: same answer,
 * nothing written) and the expected revision, and NOTIFYs subscribers. The benchmark in
 * tools/bench measures the whole against plain INSERTs.
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
    const { rows } = await this.pool.query<AppendRow>({
      name: 'es-append',
      text: 'SELECT outcome, revision, position FROM es_append($1, $2, $3, $4, $5, $6)',
      values: [
        events.map((e) => e.id),
        stream,
        String(expectedRevision),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    });
    const row = rows[0];
    if (!row) throw new Error(`append to ${stream}: es_append returned nothing`);
    if (row.outcome === 'conflict') {
      throw new WrongExpectedRevisionError(stream, expectedRevision, row.revision ?? 'no_stream');
    }
    if (row.revision === null || row.position === null) throw new Error(`append to ${stream}: es_append returned no position`);
    return { nextRevision: row.revision, position: BigInt(row.position) };
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY revision`,
      [stream],
    );
    return rows.map(toStored);
  }

  async readAll({ after, limit = 1000 }: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(READ_ALL_SQL, [(after ?? 0n).toString(), limit]);
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
    const inner = subscribeWithListen(this.connectionString, after, handler);
    const subscription: Subscription = {
      done: inner.done,
      stop: async () => {
        await inner.stop();
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
