export { syncItem, netPages, feedRow, feedCents, plaidErrorCode, ItemNeedsRelinkError, type SyncItemPorts, type SyncItemOptions, type SyncItemResult } from './sync-item.js';
export {
  BANK_SYNC_QUEUE, BankSyncQueue, bankSyncJobOptions, DAILY_SYNC_JOB, DAILY_SYNC_SCHEDULER, enqueueSync,
  type BankSyncJobData, type BankSyncJobResult, type BankSyncQueueOptions, type SyncWaitOutcome,
} from './sync-queue.js';
export { syncableItemIds } from './syncable-items.js';
export { runBankSyncJob, type BankSyncJobAnswer, type BankSyncJobDeps } from './sync-job.js';
export { BankSyncRequests, DEFAULT_SYNC_WAIT_MS } from './sync-requests.js';
