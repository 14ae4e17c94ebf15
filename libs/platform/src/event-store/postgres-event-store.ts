import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadUserOptions,
  StoredEvent,
  StreamAppend,
  Subscription,
} from './port.js';
import { migrate } from '../postgres/migrate.js';
import { eventStoreMigrations } from './postgres-event-store.migrations.js';
import { AppendRefused, appendEvents, appendInTransaction, explainRefusal, isUniqueViolation, type AppendLocks } from './postgres-append.js';
import { BEGIN_GENERIC_PLANS, withTransaction, type PoolClient, type Queryable } from '../postgres/pool.js';
import { HEAD_SQL, READ_ALL_SQL, SELECT_COLUMNS, readablePrefix, toStored, type EventRow, type LogRow } from './postgres-event-row.js';
import { Announcer, subscribeWithListen } from './postgres-subscription.js';
import { appendDuration, secondsSince } from '../observability/metrics.js';
import { assertLogFenced } from './postgres-fence.js';

export interface PostgresEventStoreOptions {
  /**
   * How long `readAll` and `headPosition` wait, at most, for events that had committed when they
   * were called but are still held back by an older transaction in flight (default 1000 ms).
   */
  settleMs?: number;
}

/** What runs inside the transaction of `appendInOneTransaction`. */
export interface AppendHooks {
  /** Advisory locks the append statement takes before it writes (`AppendLocks`). */
  locks?: AppendLocks;
  /** Runs the transaction's statements on generic plans (`BEGIN_GENERIC_PLANS`). */
  genericPlans?: boolean;
  /**
   * Sends reads right behind the COMMIT on the same client (`TransactionOptions.afterCommit`); the
   * caller keeps their promise. Not called when nothing was written (a retry of stored events).
   */
  afterCommit?(client: PoolClient): Promise<unknown>;
  after?(client: PoolClient, events: readonly StoredEvent[]): Promise<void>;
}

const MAX_APPEND_ATTEMPTS = 100;

const SETTLE_MS = 1000;
const SETTLE_FIRST_DELAY_MS = 2;
const SETTLE_MAX_DELAY_MS = 50;

/**
 * The PostgreSQL adapter: one `es_events` table.
 *
 * Ordering. Appends run in parallel, each one autocommitted INSERT (`appendEvents`, one round
 * trip) that checks the expected revision as it inserts, the unique (stream_id, revision) index
 * settling two appends that race on one stream; an event id already stored answers as it did then.
 * A later position can commit before an earlier one (docs/architecture.md §3). Readers therefore hand out an
 * event only once its transaction is below the oldest transaction still in flight,
 * `transaction_id < pg_snapshot_xmin(pg_current_snapshot())` as Marten and Emmett do, counting only
 * this database's transactions (another database's cannot write these rows; see `HORIZON` in
 * postgres-event-row.ts): every transaction that commits from then on has an id at or above that
 * horizon. Readers also stop at the first committed event they
 * may not hand out yet (`readablePrefix`) rather than pass it.
 *
 * The rule needs positions to follow transaction ids. Were T1 (id 100) to hold position 5 and
 * T2 (id 101) position 4, a reader could hand out 5 once T1 commits while T2 is in flight (horizon
 * 101), and never see 4. Emmett orders by (transaction_id, position) instead; our positions stay
 * one bigint, made from the transaction id itself: an append's events take (id << 20) + 1, + 2, …
 * (`POSITION_BASE`, postgres-append.ts). No lock and no sequence are shared between appends, and
 * positions are sparse: a checkpoint is a position passed, never a count. A transaction holds one
 * append (a second one would take the same positions and is refused) of fewer than 2^20 events
 * (one that takes locks must also be the first write: `AppendLocks`), and the 64-bit transaction
 * ids of PostgreSQL leave room for 2^43 transactions. Rows appended before platform-004 keep their
 * dense positions, all below the first one of this scheme.
 *
 * What it costs: a commit is readable once every transaction of this database that got its id
 * earlier has ended, so a long writing transaction (a rebuild, a bulk load) delays every reader
 * until it ends; it never reorders or loses anything. `readAll` and `headPosition` wait up to
 * `settleMs` for events that had committed when they were called; the subscription re-reads
 * quickly while events are held back. Subscriptions are woken by a NOTIFY sent after the commit
 * (`Announcer`), never from inside the append. The benchmark in tools/bench measures appends against plain INSERTs.
 */
export class PostgresEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();
  private readonly announcer: Announcer;
  private readonly settleMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    options: PostgresEventStoreOptions = {},
  ) {
    this.announcer = new Announcer(pool);
    this.settleMs = options.settleMs ?? SETTLE_MS;
  }

  static async create(pool: pg.Pool, connectionString: string, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await migrate(pool, eventStoreMigrations);
    // A log restored into another cluster is refused until re-fenced (postgres-fence.ts).
    await assertLogFenced(pool);
    return new PostgresEventStore(pool, connectionString, options);
  }

  async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const started = process.hrtime.bigint();
    const { written, ...result } = await appendEvents(this.pool, stream, events, expectedRevision);
    appendDuration.observe({ store: 'postgres', outcome: written ? 'written' : 'refused' }, secondsSince(started));
    if (written) this.announcer.announce();
    return result;
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.appendInOneTransaction(appends);
  }

  /** Where reads of this database go outside an append (the pool). */
  get reader(): Queryable {
    return this.pool;
  }

  /**
   * Appends to every stream in ONE transaction (`appendInTransaction`), all or nothing, taking
   * `hooks.locks` in the append's own statement; `hooks.after` runs inside the transaction with the
   * events as stored (the inline projection). A retry of stored events is refused by the unique
   * event ids, rolled back, and answered with their results; any refusal is explained outside the
   * transaction (`explainRefusal`), and an `any` append that lost a race is tried again.
   */
  async appendInOneTransaction(appends: readonly StreamAppend[], hooks: AppendHooks = {}): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    const started = process.hrtime.bigint();
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await withTransaction(this.pool, async (client) => {
          const events = await appendInTransaction(client, appends, hooks.locks);
          await hooks.after?.(client, events);
          let at = 0;
          return appends.map(({ events: sent }) => {
            at += sent.length;
            const last = events[at - 1]!;
            return { nextRevision: last.revision, position: last.position };
          });
        }, {
          begin: hooks.genericPlans ? BEGIN_GENERIC_PLANS : 'BEGIN',
          ...(hooks.afterCommit && { afterCommit: hooks.afterCommit }),
        });
        this.announcer.announce();
        appendDuration.observe({ store: 'postgres', outcome: 'written' }, secondsSince(started));
        return results;
      } catch (error) {
        if (!(error instanceof AppendRefused) && !isUniqueViolation(error)) throw error;
        const explained = await explainRefusal(this.pool, appends);
        if (explained !== 'retry') {
          appendDuration.observe({ store: 'postgres', outcome: 'refused' }, secondsSince(started));
          return explained;
        }
        if (attempt >= MAX_APPEND_ATTEMPTS) throw error;
      }
    }
  }

  /** Every committed event of the stream: the optimistic check needs the newest, readable or not. */
  async readStream(stream: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY revision`,
      [stream],
    );
    return rows.map(toStored);
  }

  /**
   * A page of the readable prefix after `after`. Events that had committed when the call began but
   * are held back by an older transaction in flight are waited for, up to `settleMs`: a caller that
   * has just appended reads its own events unless a long transaction holds them back.
   */
  async readAll({ after, limit = 1000 }: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const from = (after ?? 0n).toString();
    const deadline = performance.now() + this.settleMs;
    let target: bigint | null = null;
    for (let delay = SETTLE_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, SETTLE_MAX_DELAY_MS)) {
      const { rows } = await this.pool.query<LogRow>(READ_ALL_SQL, [from, limit]);
      const { events, heldBack } = readablePrefix(rows);
      // Wait only for what had committed when this read began, never for later appends.
      target ??= heldBack.length > 0 ? BigInt(heldBack[heldBack.length - 1]!.position) : null;
      const waiting = target !== null && heldBack.some((row) => !row.settled && BigInt(row.position) <= target!);
      if (!waiting || performance.now() >= deadline) return events;
      await sleep(delay);
    }
  }

  /**
   * One user's events in `(after, upTo]`, through `es_events (user_id, position)`: below a position
   * a reader already handed out nothing is in flight any more, so no settling is needed.
   */
  async readUser(userId: string, { after, upTo, limit }: ReadUserOptions): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE user_id = $1 AND position > $2 AND position <= $3 ORDER BY position LIMIT $4`,
      [userId, after.toString(), upTo.toString(), limit],
    );
    return rows.map(toStored);
  }

  /** The newest position readers can read (0n when none); waits like `readAll` for earlier commits. */
  async headPosition(): Promise<bigint> {
    const deadline = performance.now() + this.settleMs;
    let target: bigint | null = null;
    for (let delay = SETTLE_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, SETTLE_MAX_DELAY_MS)) {
      const { rows } = await this.pool.query<{ readable: string | null; committed: string | null }>(HEAD_SQL);
      const readable = BigInt(rows[0]?.readable ?? 0);
      target ??= BigInt(rows[0]?.committed ?? 0);
      const committed = BigInt(rows[0]?.committed ?? 0);
      if (readable >= target || readable >= committed || performance.now() >= deadline) return readable;
      await sleep(delay);
    }
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
    await this.announcer.flush();
  }
}
