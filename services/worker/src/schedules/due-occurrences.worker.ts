import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Worker } from 'bullmq';
import { DueOccurrencesQueue, postDueOccurrences, SCHEDULES_QUEUE, type DueScanAnswer } from '@budget/ledger';
import { CLOCK, observeJobs, PG_POOL, type Clock, type Pool } from '@budget/platform';

export interface DueOccurrencesWorkerOptions {
  redisUrl: string;
  prefix: string;
  /** How often the job scheduler runs the due scan; null: no scheduler (tests add scans themselves). */
  everyMs: number | null;
  /** False: this context consumes nothing. */
  consume?: boolean;
}

export const DUE_OCCURRENCES_WORKER_OPTIONS = Symbol.for('budget.worker.DueOccurrencesWorkerOptions');

/** `SCHEDULE_SCAN_MS` (default 5 minutes): how often the scheduled transactions' due scan runs. */
export const defaultDueOccurrencesOptions = (redisUrl: string, prefix: string, env: NodeJS.ProcessEnv = process.env): DueOccurrencesWorkerOptions => ({
  redisUrl, prefix, everyMs: Number(env.SCHEDULE_SCAN_MS) > 0 ? Number(env.SCHEDULE_SCAN_MS) : 300_000,
});

/**
 * Consumes the `schedules` queue (docs/architecture.md §8 "Scheduled transactions"): a BullMQ job
 * scheduler (`upsertJobScheduler`, one per queue however many workers start) adds a due scan every
 * `everyMs` (and one scan at start), and each scan posts the occurrences due by today through the ledger's
 * `PostOccurrenceCommand`. Concurrency 1 per process; scans of several processes may overlap, which
 * the derived transaction ids make harmless.
 */
@Injectable()
export class DueOccurrencesWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DueOccurrencesWorker');
  private worker: Worker<Record<string, never>, DueScanAnswer> | undefined;
  private queue: DueOccurrencesQueue | undefined;

  constructor(
    @Inject(DUE_OCCURRENCES_WORKER_OPTIONS) private readonly options: DueOccurrencesWorkerOptions,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.consume === false) return;
    const { redisUrl, prefix, everyMs } = this.options;
    this.queue = new DueOccurrencesQueue({ redisUrl, prefix });
    if (everyMs !== null) {
      await this.queue.scheduleEvery(everyMs);
      // The scheduler's first job waits `everyMs`; a start scans at once (what a stopped worker left due).
      await this.queue.scanNow();
    }
    const worker = new Worker<Record<string, never>, DueScanAnswer>(
      SCHEDULES_QUEUE,
      async () => {
        const answer = await postDueOccurrences({ commands: this.commands, pool: this.pool, clock: this.clock, log: (line) => this.logger.warn(line) });
        if (answer.posted > 0 || answer.failed > 0) this.logger.log(`Due scan: ${answer.posted} occurrences posted for ${answer.users} users, ${answer.failed} failed`);
        return answer;
      },
      { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency: 1 },
    );
    worker.on('error', (error) => this.logger.error(`Schedules worker error: ${error.message}`));
    observeJobs(worker, SCHEDULES_QUEUE);
    this.worker = worker;
    await worker.waitUntilReady();
    this.logger.log(`Posting scheduled transactions from queue "${SCHEDULES_QUEUE}"${everyMs === null ? '' : ` (a scan every ${everyMs} ms)`}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.worker = undefined;
  }
}
