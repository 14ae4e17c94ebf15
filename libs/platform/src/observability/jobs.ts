import { Queue, type Worker } from 'bullmq';
import type { Queryable } from '../postgres/pool.js';
import { jobDuration, jobFailures, scrapeGauge } from './metrics.js';

/**
 * A BullMQ worker's jobs in the metrics (docs/architecture.md §12): each finished job's processing
 * time by queue and outcome, and each failed attempt.
 */
export function observeJobs(worker: Worker, queue: string): void {
  worker.on('completed', (job) => {
    if (job.processedOn && job.finishedOn) jobDuration.observe({ queue, outcome: 'completed' }, (job.finishedOn - job.processedOn) / 1000);
  });
  worker.on('failed', (job) => {
    jobFailures.inc({ queue });
    if (job?.processedOn && job.finishedOn) jobDuration.observe({ queue, outcome: 'failed' }, (job.finishedOn - job.processedOn) / 1000);
  });
}

/**
 * Queue depth by queue and state (waiting, active, delayed, failed), read from Redis at each scrape;
 * and the job outbox's depth and the age of its oldest unfinished row, read from PostgreSQL — a
 * write's job that the relay has not handed to BullMQ, or that has not finished, shows there.
 * Returns a function that closes the queue handles.
 */
export function queueMetrics(options: { redisUrl: string; prefix: string; queues: readonly string[]; pool: Queryable }): () => Promise<void> {
  const handles = options.queues.map((name) => ({ name, queue: new Queue(name, { connection: { url: options.redisUrl }, prefix: options.prefix }) }));
  scrapeGauge('budget_queue_jobs', 'BullMQ jobs by queue and state', ['queue', 'state'], async () => {
    const samples = [];
    for (const { name, queue } of handles) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
      for (const [state, value] of Object.entries(counts)) samples.push({ labels: { queue: name, state }, value });
    }
    return samples;
  });
  scrapeGauge('budget_outbox_depth', 'Job outbox rows not finished, by queue', ['queue'], async () => {
    const { rows } = await options.pool.query<{ queue: string; n: string }>('SELECT queue, count(*)::text AS n FROM job_outbox WHERE finished_at IS NULL GROUP BY queue');
    return rows.map((row) => ({ labels: { queue: row.queue }, value: Number(row.n) }));
  });
  scrapeGauge('budget_outbox_oldest_age_seconds', 'Age of the oldest unfinished job outbox row (0: none)', [], async () => {
    const { rows } = await options.pool.query<{ age: string | null }>(
      'SELECT extract(epoch FROM now() - min(created_at))::text AS age FROM job_outbox WHERE finished_at IS NULL',
    );
    return [{ value: rows[0]?.age ? Number(rows[0].age) : 0 }];
  });
  return async () => {
    await Promise.all(handles.map(({ queue }) => queue.close()));
  };
}
