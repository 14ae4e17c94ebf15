import type { Agent } from 'node:https';
import type { VapidKeys } from '@budget/identity';

/** How the push worker reaches its queue and the push services. */
export interface PushWorkerOptions {
  redisUrl: string;
  /** Redis key prefix of the queue (`AppConfig.queuePrefix`). Tests use a unique one. */
  prefix: string;
  concurrency: number;
  vapid: VapidKeys;
  /** Tests: an agent that trusts the local push service's certificate. */
  agent?: Agent;
}

export const PUSH_WORKER_OPTIONS = Symbol.for('budget.worker.PushWorkerOptions');
