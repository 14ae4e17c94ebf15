import { randomUUID } from 'node:crypto';
import type { Job, JobsOptions } from 'bullmq';
import type { Migration } from '../postgres/migrate.js';
import type { Queryable } from '../postgres/pool.js';

/**
 * The transactional outbox (README "No job lost"): a job that a write asks for is a row of
 * `job_outbox`, inserted in that write's own transaction, so it exists exactly when the write
 * committed. `OutboxRelay` copies unfinished rows to BullMQ with the row id as the job id (BullMQ
 * adds nothing for an id it already holds, so relaying twice is harmless); the consumer, wrapped by
 * `outboxProcessor`, marks the row finished. A row stays unfinished until its job completed (or
 * failed for good), and the relay copies it again when Redis may have lost it.
 */
export const jobOutboxMigrations: readonly Migration[] = [
  {
    id: 'platform-job-outbox-001',
    sql: `
      CREATE TABLE IF NOT EXISTS job_outbox (
        id text PRIMARY KEY,
        queue text NOT NULL,
        name text NOT NULL,
        -- The job's payload; cleared once the job completed (a mail's text holds a sign-in code).
        data jsonb,
        opts jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        relayed_at timestamptz,
        relay_count integer NOT NULL DEFAULT 0,
        finished_at timestamptz,
        outcome text CHECK (outcome IN ('completed', 'failed', 'cancelled'))
      );
      CREATE INDEX IF NOT EXISTS job_outbox_unfinished ON job_outbox (created_at, id) WHERE finished_at IS NULL;
    `,
  },
  {
    // A job BullMQ folded into another one (its `deduplication` id was taken) is finished too.
    id: 'platform-job-outbox-002',
    sql: `
      ALTER TABLE job_outbox DROP CONSTRAINT IF EXISTS job_outbox_outcome_check;
      ALTER TABLE job_outbox ADD CONSTRAINT job_outbox_outcome_check CHECK (outcome IN ('completed', 'failed', 'cancelled', 'deduplicated'));
    `,
  },
];

/** The channel the relay LISTENs on; an insert notifies it, delivered when its transaction commits. */
export const OUTBOX_CHANNEL = 'job_outbox';

/** One job asked for by a write. */
export interface OutboxJob<T = unknown> {
  /** BullMQ queue name (`mail`, `sync`, …); the relay adds the configured prefix. */
  queue: string;
  /** BullMQ job name. */
  name: string;
  /** JSON payload, as the worker receives it in `job.data`. */
  data: T;
  /**
   * The job's id, derived from the write's input when the same write may run twice (a retried
   * request): the second insert is ignored, and BullMQ never holds two jobs with one id. It must
   * name one job for good: BullMQ keeps finished jobs for a while and adds nothing under their id.
   * `:` and other characters outside `[A-Za-z0-9_.@-]` become `_` (BullMQ refuses `:`). Default: a
   * random UUID.
   */
  jobId?: string;
  /**
   * BullMQ options (attempts, backoff, delay, removeOnComplete, deduplication …); `jobId` is ours.
   * With `deduplication: { id }`, a job relayed while another with that id is queued or running is
   * folded into it: its row is finished as `deduplicated` and never relayed again.
   */
  opts?: Omit<JobsOptions, 'jobId'>;
}

/** BullMQ refuses job ids with `:` (its key separator) and numeric ids mean something else to it. */
export function outboxJobId(jobId: string | undefined): string {
  const safe = (jobId ?? randomUUID()).replace(/[^A-Za-z0-9_.@-]/g, '_');
  return /^\d+$/.test(safe) ? `j${safe}` : safe;
}

const INSERT_SQL = `
  WITH inserted AS (
    INSERT INTO job_outbox (id, queue, name, data, opts) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
    ON CONFLICT (id) DO NOTHING
    RETURNING id
  )
  SELECT id, pg_notify($6, '') FROM inserted`;

/**
 * Records a job in the caller's transaction (pass the transaction's client; a pool makes it a
 * transaction of its own) and returns its job id. It reaches BullMQ once the transaction commits,
 * and never if it rolls back.
 *
 * The NOTIFY that wakes the relay is part of that transaction. PostgreSQL serialises the commits of
 * transactions that notify, which is why event appends announce after their commit instead; the
 * writes that ask for jobs (a sign-up, a code, a sync request) are few, and a lost wake-up costs at
 * most the relay's poll interval.
 */
export async function enqueueInTransaction<T>(db: Queryable, job: OutboxJob<T>): Promise<string> {
  const id = outboxJobId(job.jobId);
  await db.query(INSERT_SQL, [id, job.queue, job.name, JSON.stringify(job.data ?? null), JSON.stringify(job.opts ?? {}), OUTBOX_CHANNEL]);
  return id;
}

/**
 * Wraps a BullMQ processor for jobs that came through the outbox: a job whose row is finished
 * already (a copy relayed again after it completed) is skipped, and a completed run marks its row
 * finished and clears its payload. Jobs with no outbox row (added to BullMQ directly, schedulers)
 * just run.
 */
export function outboxProcessor<T, R>(
  db: Queryable,
  processor: (job: Job<T>, token?: string) => Promise<R>,
): (job: Job<T>, token?: string) => Promise<R | undefined> {
  return async (job, token) => {
    if (job.id && (await outboxJobFinished(db, job.id))) return undefined;
    const result = await processor(job, token);
    if (job.id) await finishOutboxJob(db, job.id, 'completed');
    return result;
  };
}

/** True when the job's outbox row exists and is finished. */
export async function outboxJobFinished(db: Queryable, jobId: string): Promise<boolean> {
  const { rows } = await db.query<{ finished: boolean }>('SELECT finished_at IS NOT NULL AS finished FROM job_outbox WHERE id = $1', [jobId]);
  return rows[0]?.finished === true;
}

/**
 * Marks a job's row finished: `completed` clears its payload; `failed` (no attempts left) keeps
 * it for a look and a manual retry. Either way the relay stops copying it.
 */
export async function finishOutboxJob(db: Queryable, jobId: string, outcome: 'completed' | 'failed'): Promise<void> {
  await db.query(
    `UPDATE job_outbox SET finished_at = now(), outcome = $2, data = CASE WHEN $2 = 'completed' THEN NULL ELSE data END
      WHERE id = $1 AND finished_at IS NULL`,
    [jobId, outcome],
  );
}

/**
 * Withdraws a job whose write was undone by a later step (a sign-up whose budget could not be
 * made): not relayed any more, and skipped by its worker should it be queued already.
 */
export async function cancelOutboxJob(db: Queryable, jobId: string): Promise<void> {
  await db.query(`UPDATE job_outbox SET finished_at = now(), outcome = 'cancelled', data = NULL WHERE id = $1 AND finished_at IS NULL`, [jobId]);
}

/** For a worker's `failed` event: marks the row failed once BullMQ will not try the job again. */
export async function finishOutboxJobIfFailedForGood(db: Queryable, job: Job | undefined): Promise<void> {
  if (!job?.id) return;
  if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
  await finishOutboxJob(db, job.id, 'failed');
}
