export interface BankSyncWorkerOptions {
  redisUrl: string;
  prefix: string;
  /** Items synced at once by this process (different items; one item never twice at once). */
  concurrency: number;
  /** The least time between two syncs of one item; a sync asked for sooner waits (per-item limiter). */
  minIntervalMs: number;
  /** Backoff of the first retry (doubling after). */
  backoffMs: number;
  /** Cron pattern of the daily sync of every item (UTC); null: no scheduler (tests). */
  dailyPattern: string | null;
  /** Rows per ledger append. */
  chunkSize?: number;
  /**
   * How long a running job's lock lasts without renewal: a worker killed mid-sync leaves its job to
   * be taken up again by another (or the restarted) worker after this (BullMQ's stalled-job check).
   */
  lockDurationMs: number;
  /** False: the context consumes nothing (tests that only link banks through it). */
  consume?: boolean;
}

export const BANK_SYNC_WORKER_OPTIONS = Symbol.for('budget.worker.BankSyncWorkerOptions');

/**
 * `BANK_SYNC_LOCK_MS` (default 30 s, BullMQ's own) shortens the stalled-job recovery (the crash test does);
 * `BANK_SYNC_CHUNK_ROWS` sets the rows per ledger append (default the ledger's, 250; `bench:sync` compares sizes).
 */
export const defaultBankSyncWorkerOptions = (redisUrl: string, prefix: string, env: NodeJS.ProcessEnv = process.env): BankSyncWorkerOptions => ({
  redisUrl, prefix, concurrency: 4, minIntervalMs: 2_000, backoffMs: 5_000, dailyPattern: '0 6 * * *',
  lockDurationMs: Number(env.BANK_SYNC_LOCK_MS) > 0 ? Number(env.BANK_SYNC_LOCK_MS) : 30_000,
  ...(Number.isSafeInteger(Number(env.BANK_SYNC_CHUNK_ROWS)) && Number(env.BANK_SYNC_CHUNK_ROWS) > 0 ? { chunkSize: Number(env.BANK_SYNC_CHUNK_ROWS) } : {}),
});
