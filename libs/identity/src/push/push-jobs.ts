import { enqueueInTransaction, type Queryable } from '@budget/platform';
import { PUSH_JOB_NAME, PUSH_QUEUE, type PushJobData } from './push-messages.js';

/**
 * Asks for a push through the job outbox (README "No job lost"): the worker's `push` consumer
 * sends it. A few tries with backoff: a push that waits hours helps no one.
 */
export function enqueuePush(db: Queryable, data: PushJobData, jobId?: string): Promise<string> {
  return enqueueInTransaction<PushJobData>(db, {
    queue: PUSH_QUEUE,
    name: PUSH_JOB_NAME,
    data,
    ...(jobId === undefined ? {} : { jobId }),
    opts: { attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } },
  });
}
