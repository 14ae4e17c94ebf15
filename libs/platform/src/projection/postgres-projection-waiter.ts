import pg from 'pg';
import { projectionWaitDuration, secondsSince } from '../observability/metrics.js';
import { CHECKPOINT_CHANNEL, DEFAULT_CHECKPOINT_NAME, readAnnouncement, readCheckpoint, readUserPositions } from './checkpoint.js';
import { Progress } from './progress.js';
import { ProjectionQuarantinedError } from './projection-quarantined.error.js';
import { ProjectionTimeoutError } from './projection-timeout.error.js';
import { readUserQuarantines, type Quarantine } from './quarantine.js';
import type { ProjectionWaiter } from './waiter.port.js';

export interface PostgresProjectionWaiterOptions {
  connectionString: string;
  checkpointName?: string;
  /** Bound of `waitFor` when the caller gives none (default 5000 ms). */
  timeoutMs?: number;
  /** While someone waits, the checkpoint is also re-read this often, in case a NOTIFY was missed. */
  pollIntervalMs?: number;
}

/** Rejects a watched user's waits: their partition is quarantined (see `ProjectionQuarantinedError`). */
class PartitionQuarantined extends Error {
  constructor(readonly quarantine: Quarantine) {
    super(`partition of ${quarantine.userId} quarantined at ${quarantine.position}`);
  }
}

/** A user someone waits for: how far that user's partition is known to be (never behind the global checkpoint). */
interface Watched {
  readonly progress: Progress;
  waiting: number;
}

/** Moves a progress forward only (announcements may arrive out of order). */
function advance(progress: Progress, position: bigint): void {
  const known = progress.position;
  if (known === null || position > known) progress.reached(position);
}

/**
 * Read-your-writes for the API (docs/architecture.md §4): one dedicated connection LISTENs on the projector's
 * checkpoint channel; a wait resolves as soon as the announced (or re-read) global checkpoint
 * reaches the position, or, for a wait on behalf of a user, that user's partition does (the
 * projector announces each user's batch as `u:<userId>:<position>`). Per-user progress is kept only
 * while someone waits for that user. A wait rejects with `ProjectionTimeoutError` after the bound,
 * and at once with `ProjectionQuarantinedError` when the user's partition is quarantined at an
 * event at or before the position (read with the user's position, or announced as `q:<userId>:…`).
 */
export class PostgresProjectionWaiter implements ProjectionWaiter {
  private readonly progress = new Progress();
  private readonly users = new Map<string, Watched>();
  private connection: Promise<pg.Client> | null = null;
  private poller: NodeJS.Timeout | null = null;
  /** The re-read under way, and the one queued behind it for the waits that began meanwhile. */
  private refreshing: Promise<void> | null = null;
  private refreshNext: Promise<void> | null = null;
  private waiting = 0;
  private closed = false;

  constructor(private readonly options: PostgresProjectionWaiterOptions) {}

  private get checkpointName(): string {
    return this.options.checkpointName ?? DEFAULT_CHECKPOINT_NAME;
  }

  async waitFor(position: bigint, timeoutMs = this.options.timeoutMs ?? 5000, userId?: string): Promise<void> {
    if (this.closed) throw new Error('PostgresProjectionWaiter is closed');
    const known = this.progress.position;
    if (known !== null && position <= known) return;
    const watched = userId === undefined ? null : this.watch(userId);
    const reached = (watched?.progress ?? this.progress).until(position, timeoutMs);
    this.waiting += 1;
    this.startPolling();
    const started = process.hrtime.bigint();
    let outcome = 'reached';
    // The re-read catches an announcement sent before this user was watched; it is shared with
    // every wait that begins while it is queued, and its failure leaves the wait to the poll.
    this.requestRefresh().catch(() => undefined);
    try {
      await reached;
    } catch (error) {
      if (error instanceof PartitionQuarantined) {
        // Every event of the user before the failing one is applied; from it on, none is for now.
        if (position < error.quarantine.position) return;
        outcome = 'quarantined';
        throw new ProjectionQuarantinedError(position, error.quarantine);
      }
      outcome = error instanceof ProjectionTimeoutError ? 'timeout' : 'failed';
      throw error;
    } finally {
      projectionWaitDuration.observe({ outcome }, secondsSince(started));
      this.waiting -= 1;
      if (this.waiting === 0) this.stopPolling();
      if (userId !== undefined) this.unwatch(userId);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopPolling();
    const closed = new Error('PostgresProjectionWaiter closed');
    this.progress.abandon(closed);
    for (const watched of this.users.values()) watched.progress.abandon(closed);
    this.users.clear();
    const connection = this.connection;
    this.connection = null;
    if (connection) await connection.then((client) => client.end()).catch(() => undefined);
  }

  /** Starts (or joins) keeping this user's progress, from the global checkpoint known so far. */
  private watch(userId: string): Watched {
    let watched = this.users.get(userId);
    if (!watched) {
      watched = { progress: new Progress(this.progress.position), waiting: 0 };
      this.users.set(userId, watched);
    }
    watched.waiting += 1;
    return watched;
  }

  private unwatch(userId: string): void {
    const watched = this.users.get(userId);
    if (watched && --watched.waiting === 0) this.users.delete(userId);
  }

  /** The global checkpoint covers every partition, so it moves every watched user too. */
  private advanceGlobal(position: bigint): void {
    advance(this.progress, position);
    for (const watched of this.users.values()) advance(watched.progress, position);
  }

  private advanceUser(userId: string, position: bigint): void {
    const watched = this.users.get(userId);
    if (watched) advance(watched.progress, position);
  }

  private announced(payload: string | undefined): void {
    const announcement = readAnnouncement(payload);
    if (!announcement) return;
    // A quarantine of a watched user: read its row (with the user's position) and stop their waits.
    if (announcement.quarantined) {
      if (announcement.userId !== null && this.users.has(announcement.userId)) void this.requestRefresh().catch(() => undefined);
      return;
    }
    if (announcement.userId === null) this.advanceGlobal(announcement.position);
    else this.advanceUser(announcement.userId, announcement.position);
  }

  /**
   * A re-read that starts after this call (so it sees every row stored before it), shared: at most
   * one runs at a time and one waits behind it, whatever the number of writes waiting. One re-read
   * per wait, on this one connection, queued up behind each other when many writes waited at once.
   */
  private requestRefresh(): Promise<void> {
    if (this.refreshing === null) {
      const running = this.refresh().finally(() => {
        if (this.refreshing === running) this.refreshing = null;
      });
      this.refreshing = running;
      return running;
    }
    this.refreshNext ??= this.refreshing
      .catch(() => undefined)
      .then(() => {
        this.refreshNext = null;
        return this.requestRefresh();
      });
    return this.refreshNext;
  }

  /**
   * Re-reads the global checkpoint and the rows of every user someone waits for: their positions
   * first (waits their partition has passed resolve), then their quarantines (the rest reject).
   */
  protected async refresh(): Promise<void> {
    const client = await this.connect();
    this.advanceGlobal(await readCheckpoint(client, this.checkpointName));
    if (this.users.size === 0) return;
    const userIds = [...this.users.keys()];
    for (const [userId, position] of await readUserPositions(client, this.checkpointName, userIds)) {
      this.advanceUser(userId, position);
    }
    for (const quarantine of await readUserQuarantines(client, this.checkpointName, userIds)) {
      this.users.get(quarantine.userId)?.progress.abandon(new PartitionQuarantined(quarantine));
    }
  }

  private connect(): Promise<pg.Client> {
    if (this.connection) return this.connection;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    const connection = (async () => {
      client.on('notification', (message) => {
        if (message.channel === CHECKPOINT_CHANNEL) this.announced(message.payload);
      });
      client.on('error', () => this.forget(connection));
      client.on('end', () => this.forget(connection));
      await client.connect();
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      return client;
    })();
    connection.catch(() => {
      this.forget(connection);
      void client.end().catch(() => undefined);
    });
    this.connection = connection;
    return connection;
  }

  /** A lost connection: the next wait or poll opens a new one (and re-reads the checkpoint). */
  private forget(connection: Promise<pg.Client>): void {
    if (this.connection === connection) this.connection = null;
  }

  private startPolling(): void {
    if (this.poller) return;
    this.poller = setInterval(() => void this.requestRefresh().catch(() => undefined), this.options.pollIntervalMs ?? 1000);
    this.poller.unref();
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }
}
