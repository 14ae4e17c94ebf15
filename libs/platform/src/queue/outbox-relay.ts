import { Logger } from '@nestjs/common';
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import pg from 'pg';
import type { Pool } from '../postgres/pool.js';
import { OUTBOX_CHANNEL } from './job-outbox.js';

export interface OutboxRelayOptions {
  pool: Pool;
  /** For the relay's own LISTEN connection (a pooled client would be handed back). */
  databaseUrl: string;
  redisUrl: string;
  /** The queues' Redis key prefix (`AppConfig.queuePrefix`). */
  prefix: string;
  /** Fallback poll when no NOTIFY arrives. Default 1 s. */
  pollMs?: number;
  /**
   * A row relayed this long ago and still unfinished is relayed again: Redis may have lost it (a
   * restart without persistence, a flush, a failover). Default 60 s; a job still held by BullMQ is
   * not added twice, and a finished one is skipped by its worker.
   */
  reRelayAfterMs?: number;
  /** Finished rows are deleted after this long. Default 24 h. */
  keepFinishedMs?: number;
  batchSize?: number;
  logger?: Pick<Logger, 'log' | 'warn' | 'error'>;
}

interface OutboxRow {
  id: string;
  queue: string;
  name: string;
  data: unknown;
  opts: JobsOptions;
  created_at: string;
}

// Keyset pages over the unfinished rows: a row relayed during this pass is never read twice by it.
const DUE_SQL = `
  SELECT id, queue, name, data, opts, created_at::text AS created_at
    FROM job_outbox
   WHERE finished_at IS NULL
     AND (relayed_at IS NULL OR relayed_at < $1::timestamptz)
     AND (created_at, id) > ($2::timestamptz, $3::text)
   ORDER BY created_at, id
   LIMIT $4`;
const MARK_SQL = 'UPDATE job_outbox SET relayed_at = now(), relay_count = relay_count + 1 WHERE id = ANY($1::text[])';
const FOLDED_SQL = `UPDATE job_outbox SET finished_at = now(), outcome = 'deduplicated', data = NULL WHERE id = ANY($1::text[]) AND finished_at IS NULL`;
const PURGE_SQL = `DELETE FROM job_outbox WHERE finished_at < now() - make_interval(secs => $1::double precision / 1000)`;
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Copies the outbox's unfinished rows to their BullMQ queues with the row id as the job id, woken
 * by the NOTIFY of each insert's commit and by a poll. Its first pass after a start relays every
 * unfinished row (whatever Redis kept is unknown); later passes relay new rows and those relayed
 * more than `reRelayAfterMs` ago. Several relays may run at once (each worker process runs one):
 * a second copy of a job is refused by BullMQ's id check or skipped by `outboxProcessor`.
 */
export class OutboxRelay {
  private readonly queues = new Map<string, Queue>();
  private readonly logger: Pick<Logger, 'log' | 'warn' | 'error'>;
  private listener: pg.Client | undefined;
  private loop: Promise<void> | undefined;
  private stopped = false;
  private notified = false;
  private wake: (() => void) | null = null;
  private lastPurge = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = options.logger ?? new Logger('OutboxRelay');
  }

  /** Runs the first pass (every unfinished row), then keeps relaying until `stop()`; fails only when PostgreSQL cannot be listened to. */
  async start(): Promise<void> {
    await this.listen();
    let failures = 0;
    try {
      await this.relayPass(true);
    } catch (error) {
      // Redis not there yet: the loop tries again (every unfinished row) with backoff.
      failures = 1;
      this.logger.warn(`outbox relay's first pass failed: ${(error as Error).message}`);
    }
    this.loop = this.run(failures);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }

  /**
   * One pass; returns how many rows it relayed. `everything`: every unfinished row, relayed before
   * or not (a start, or a test that knows Redis lost its jobs).
   */
  async relayPass(everything = false): Promise<number> {
    const { pool } = this.options;
    const cutoff = everything
      ? (await pool.query<{ now: string }>('SELECT now()::text AS now')).rows[0]!.now
      : (await pool.query<{ cutoff: string }>('SELECT (now() - make_interval(secs => $1::double precision / 1000))::text AS cutoff', [this.options.reRelayAfterMs ?? 60_000])).rows[0]!.cutoff;
    let after: [string, string] = ['-infinity', ''];
    let relayed = 0;
    for (;;) {
      const { rows } = await pool.query<OutboxRow>(DUE_SQL, [cutoff, after[0], after[1], this.options.batchSize ?? 200]);
      if (rows.length === 0) break;
      const folded = await this.addToQueues(rows);
      await pool.query(MARK_SQL, [rows.map((row) => row.id)]);
      if (folded.length > 0) await pool.query(FOLDED_SQL, [folded]);
      relayed += rows.length;
      const last = rows[rows.length - 1]!;
      after = [last.created_at, last.id];
    }
    await this.purgeNowAndThen();
    return relayed;
  }

  /** Adds the rows' jobs; returns the ids of those BullMQ folded into another job (deduplication). */
  private async addToQueues(rows: OutboxRow[]): Promise<string[]> {
    const byQueue = new Map<string, OutboxRow[]>();
    for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
    const folded: string[] = [];
    for (const [name, jobs] of byQueue) {
      const added = await this.queue(name).addBulk(jobs.map((row) => ({ name: row.name, data: row.data, opts: { ...row.opts, jobId: row.id } })));
      added.forEach((job, i) => {
        if (job.id !== jobs[i]!.id) folded.push(jobs[i]!.id);
      });
    }
    return folded;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const connection: ConnectionOptions = { url: this.options.redisUrl };
      queue = new Queue(name, { connection, prefix: this.options.prefix });
      queue.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async purgeNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.options.pool.query(PURGE_SQL, [this.options.keepFinishedMs ?? 24 * 3600_000]);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'job-outbox-relay' });
    client.on('notification', () => {
      this.notified = true;
      this.wake?.();
    });
    client.on('error', (error) => {
      // The poll keeps relaying; the next pass after a failure tries to listen again.
      this.logger.warn(`outbox LISTEN connection lost: ${error.message}`);
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.notified || this.stopped) return resolve();
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private async run(initialFailures: number): Promise<void> {
    let failures = initialFailures;
    while (!this.stopped) {
      await this.idle(failures === 0 ? (this.options.pollMs ?? 1_000) : Math.min(30_000, 1_000 * 2 ** failures));
      if (this.stopped) break;
      this.notified = false;
      try {
        if (!this.listener) await this.listen();
        // After a failed pass, Redis may have come back empty: relay everything unfinished.
        await this.relayPass(failures > 0);
        failures = 0;
      } catch (error) {
        failures += 1;
        this.logger.warn(`outbox relay pass failed (${failures} in a row): ${(error as Error).message}`);
      }
    }
  }
}
