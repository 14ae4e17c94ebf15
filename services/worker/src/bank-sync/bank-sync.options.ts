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
}

export const BANK_SYNC_WORKER_OPTIONS = Symbol.for('budget.worker.BankSyncWorkerOptions');

export const defaultBankSyncWorkerOptions = (redisUrl: string, prefix: string): BankSyncWorkerOptions => ({
  redisUrl, prefix, concurrency: 4, minIntervalMs: 2_000, backoffMs: 5_000, dailyPattern: '0 6 * * *',
});
