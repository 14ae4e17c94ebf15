import pg from 'pg';
import { CHECKPOINT_CHANNEL, DEFAULT_CHECKPOINT_NAME, readCheckpoint } from './checkpoint.js';
import { Progress } from './progress.js';
import type { ProjectionWaiter } from './waiter.port.js';

export interface PostgresProjectionWaiterOptions {
  connectionString: string;
  checkpointName?: string;
  /** Bound of `waitFor` when the caller gives none (default 5000 ms). */
  timeoutMs?: number;
  /** While someone waits, the checkpoint is also re-read this often, in case a NOTIFY was missed. */
  pollIntervalMs?: number;
}

const POSITION = /^\d+$/;

/**
 * Read-your-writes for the API (DESIGN.md §4): one dedicated connection LISTENs on the projector's
 * checkpoint channel; a wait resolves as soon as the announced (or re-read) checkpoint reaches the
 * position, and rejects with `ProjectionTimeoutError` after the bound.
 */
export class PostgresProjectionWaiter implements ProjectionWaiter {
  private readonly progress = new Progress();
  private connection: Promise<pg.Client> | null = null;
  private poller: NodeJS.Timeout | null = null;
  private waiting = 0;
  private closed = false;

  constructor(private readonly options: PostgresProjectionWaiterOptions) {}

  async waitFor(position: bigint, timeoutMs = this.options.timeoutMs ?? 5000): Promise<void> {
    if (this.closed) throw new Error('PostgresProjectionWaiter is closed');
    const known = this.progress.position;
    if (known !== null && position <= known) return;
    const reached = this.progress.until(position, timeoutMs);
    this.waiting += 1;
    this.startPolling();
    try {
      await Promise.all([this.refresh(), reached]);
    } finally {
      this.waiting -= 1;
      if (this.waiting === 0) this.stopPolling();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopPolling();
    this.progress.abandon(new Error('PostgresProjectionWaiter closed'));
    const connection = this.connection;
    this.connection = null;
    if (connection) await connection.then((client) => client.end()).catch(() => undefined);
  }

  private advance(position: bigint): void {
    const known = this.progress.position;
    if (known === null || position > known) this.progress.reached(position);
  }

  private async refresh(): Promise<void> {
    const client = await this.connect();
    this.advance(await readCheckpoint(client, this.options.checkpointName ?? DEFAULT_CHECKPOINT_NAME));
  }

  private connect(): Promise<pg.Client> {
    if (this.connection) return this.connection;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    const connection = (async () => {
      client.on('notification', (message) => {
        if (message.channel === CHECKPOINT_CHANNEL && message.payload && POSITION.test(message.payload)) {
          this.advance(BigInt(message.payload));
        }
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
    this.poller = setInterval(() => void this.refresh().catch(() => undefined), this.options.pollIntervalMs ?? 1000);
    this.poller.unref();
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }
}
