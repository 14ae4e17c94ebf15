import type { CommandBus } from '@nestjs/cqrs';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RecordBankFeed, RecordBankFeedResult } from '@budget/contracts';
import { jobCause, secondsSince, syncDuration, withCause, type Clock, type Queryable } from '@budget/platform';
import type { PlaidItemStore } from '../items/plaid-item-store.js';
import type { PlaidGateway } from '../plaid/plaid-gateway.js';
import { ItemNeedsRelinkError, syncItem } from './sync-item.js';
import { BANK_SYNC_QUEUE, DAILY_SYNC_JOB, type BankSyncJobData, type BankSyncJobResult, type BankSyncQueue } from './sync-queue.js';
import { syncableItemIds } from './syncable-items.js';

/** What running a `bank-sync` job needs (the worker's Nest context provides it). */
export interface BankSyncJobDeps {
  items: PlaidItemStore;
  gateway: PlaidGateway;
  commands: Pick<CommandBus, 'execute'>;
  pool: Queryable;
  redis: Redis;
  clock: Clock;
  /** Where the daily job asks for each item's sync. */
  queue: BankSyncQueue;
  /** The queue prefix (the per-item limiter's keys carry it). */
  prefix: string;
  /** The least time between two syncs of one item (0: none). */
  minIntervalMs: number;
  chunkSize?: number;
  log?: (line: string) => void;
}

export type BankSyncJobAnswer = BankSyncJobResult | { requested: number } | { skipped: string };

/**
 * One `bank-sync` job: the daily job asks for a sync of every healthy item; a sync job runs
 * `syncItem` for its item, recording rows through `RecordBankFeed` on the CommandBus.
 * ITEM_LOGIN_REQUIRED fails the job for good (`UnrecoverableError`: the item is marked for relink);
 * anything else is thrown for the job's retry with backoff. An item synced less than
 * `minIntervalMs` ago waits: the job is delayed, not failed (the per-item limiter).
 */
export async function runBankSyncJob(job: Job<BankSyncJobData>, token: string | undefined, deps: BankSyncJobDeps): Promise<BankSyncJobAnswer> {
  if (job.name === DAILY_SYNC_JOB) {
    const ids = await syncableItemIds(deps.pool);
    for (const itemId of ids) await deps.queue.request(itemId, 'daily');
    return { requested: ids.length };
  }
  const { itemId } = job.data;
  const item = await deps.items.findByItemId(itemId);
  if (!item) return { skipped: 'unknown item' };
  const lastKey = `${deps.prefix}:${BANK_SYNC_QUEUE}:last:${itemId}`;
  const waitMs = deps.minIntervalMs > 0 ? await deps.redis.pttl(lastKey) : -2;
  if (waitMs > 0 && token) {
    await job.moveToDelayed(Date.now() + waitMs, token);
    throw new DelayedError();
  }
  const started = process.hrtime.bigint();
  try {
    const result = await syncItem(
      item,
      {
        plaid: deps.gateway.as({ userId: item.userId, itemId }),
        items: deps.items,
        // Every chunk of this job appends under one correlation id derived from the job (the log groups them).
        record: (command: RecordBankFeed) => withCause(jobCause(BANK_SYNC_QUEUE, `${itemId}\u0000${job.id ?? job.data.reason}`), () => deps.commands.execute(command) as Promise<RecordBankFeedResult>),
        now: () => deps.clock.now(),
      },
      deps.chunkSize === undefined ? {} : { chunkSize: deps.chunkSize },
    );
    syncDuration.observe({ outcome: 'ok' }, secondsSince(started));
    if (deps.minIntervalMs > 0) await deps.redis.set(lastKey, '1', 'PX', deps.minIntervalMs);
    const { added, changed, removed, matched } = result.ledger;
    // `=n matched`: bank rows that became a row the user typed (docs/architecture.md §8 "Bank rows claim typed rows").
    deps.log?.(`Synced item ${itemId} (${job.data.reason}): ${result.pages} page(s), ${result.restarts} restart(s), +${added} ~${changed} -${removed} =${matched ?? 0} matched`);
    return { itemId, pages: result.pages, restarts: result.restarts, ledger: result.ledger, syncedAt: deps.clock.now().toISOString() };
  } catch (error) {
    syncDuration.observe({ outcome: error instanceof ItemNeedsRelinkError ? 'relink' : 'error' }, secondsSince(started));
    if (error instanceof ItemNeedsRelinkError) throw new UnrecoverableError(error.message);
    throw error;
  }
}
