import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, migrate, PG_POOL, withDerivedIds, type AppConfig, type Pool } from '@budget/platform';
import { BankFileImporter } from '../bank-file-import.js';
import { ImportLeases } from './import-leases.js';
import { openImportsMigrations } from './open-imports.projection.js';

/** Nest token: false turns off the sweep a process runs when it starts (`ImportSweep`); the periodic one follows `importSweepEveryMs`. */
export const IMPORT_SWEEP_ON_START = Symbol.for('budget.ledger.ImportSweepOnStart');

/** The next unfinished imports after a plan's position, oldest first (the read model's index on `plan_position`; es_events is not read). */
export const OPEN_IMPORTS_SQL = `
  SELECT user_id, import_id, correlation_id, causation_id, plan_position::text AS plan_position
    FROM ledger_open_imports
   WHERE plan_position > $1
   ORDER BY plan_position
   LIMIT $2`;

/** Whether the import is still unfinished (a live run may have finished it since the pass read it). */
const STILL_OPEN_SQL = 'SELECT 1 FROM ledger_open_imports WHERE user_id = $1 AND import_id = $2';

/** A failed import is tried again after this many periods, doubling per failure, at most `MAX_BACKOFF_MS`. */
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

export interface SweepOutcome {
  /** Imports resumed to their summary. */
  finished: number;
  /** Imports that could not be finished (logged; tried again later). */
  failed: number;
  /** Imports left alone because a live run holds their lease (a request under way, here or in another process). */
  live: number;
}

interface OpenImport {
  user_id: string;
  import_id: string;
  correlation_id: string;
  causation_id: string | null;
  plan_position: string;
}

/**
 * Finishes OFX/CSV imports a crash cut short (docs/architecture.md §8 "Imports in chunks"): an
 * import records its plan, then its rows a chunk at a time, then its summary; a plan with no
 * summary of its action is resumed from the plan (`BankFileImporter.resume`), with ids derived
 * from the plan, so the rows already stored are not appended again, the missing ones are appended
 * once (their streams are derived from the plan's rows and expect no stream), and two sweeps, or a
 * sweep and the client's retry, racing each other store every row once.
 *
 * The unfinished imports are read from their read model (`ledger_open_imports`), so a pass costs
 * what the unfinished imports are, not the log's size. A pass runs when the process starts (the
 * API and the worker load the ledger) and then every `importSweepEveryMs` (± 20 %), in the
 * background, one process at a time (`ImportLeases.turn`); an import whose lease a live run holds
 * is left alone (`ImportLeases.tryHold`): only the imports of a process that is gone are resumed.
 * An import it cannot finish (the balance bound met) is logged and left as it was, tried again
 * after a backoff or by the client's retry.
 */
@Injectable()
export class ImportSweep implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('ImportSweep');
  /** The pass under way in this process, or the last one: passes run one after another. */
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly failures = new Map<string, { count: number; notBefore: number }>();
  /** The read model's table, made here too: with async projection the projector may not have made it yet. */
  private migrated: Promise<unknown> | null = null;
  /** The periodic passes this process has run, and what the last one did (null: another process had the turn). */
  readonly periodic = { passes: 0, last: null as SweepOutcome | null };

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(BankFileImporter) private readonly importer: BankFileImporter,
    @Inject(ImportLeases) private readonly leases: ImportLeases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(IMPORT_SWEEP_ON_START) private readonly onStart: boolean = true,
  ) {}

  onApplicationBootstrap(): void {
    if (this.onStart) this.running = this.run().catch((error: unknown) => this.logger.error(`the import sweep stopped: ${String(error)}`));
    this.schedule();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
    await this.leases.close();
  }

  /**
   * One pass: resumes every unfinished import no live run holds, `batch` plans at a time, in plan
   * order; answers how many finished, failed or were left to a live run, or null when another
   * process is sweeping. Passes in one process run one after another.
   */
  run(batch = 100): Promise<SweepOutcome | null> {
    const pass = this.running.catch(() => undefined).then(async () => {
      this.migrated ??= migrate(this.pool, openImportsMigrations).catch((error: unknown) => {
        this.migrated = null;
        throw error;
      });
      await this.migrated;
      return this.leases.turn(() => this.pass(batch));
    });
    this.running = pass;
    return pass;
  }

  private schedule(): void {
    const every = this.config.importSweepEveryMs;
    if (this.stopped || !(every > 0)) return;
    const delay = Math.round(every * (0.8 + 0.4 * Math.random()));
    this.timer = setTimeout(() => {
      this.run()
        .then((outcome) => {
          this.periodic.passes += 1;
          this.periodic.last = outcome;
        })
        .catch((error: unknown) => this.logger.error(`a periodic import sweep failed: ${String(error)}`))
        .finally(() => this.schedule());
    }, delay);
    this.timer.unref();
  }

  private async pass(batch: number): Promise<SweepOutcome> {
    const outcome: SweepOutcome = { finished: 0, failed: 0, live: 0 };
    let after = '0';
    for (;;) {
      const { rows } = await this.pool.query<OpenImport>(OPEN_IMPORTS_SQL, [after, batch]);
      for (const plan of rows) {
        after = plan.plan_position;
        if (this.stopped || this.backingOff(plan.import_id)) continue;
        const held = await this.leases.tryHold(plan.import_id, () => this.resume(plan));
        if (!held.ran) outcome.live += 1;
        else if (held.value !== null) outcome[held.value] += 1;
      }
      if (rows.length < batch) return outcome;
    }
  }

  /** Resumes one import under its lease: null when it finished meanwhile (no longer open, or its summary is in the log). */
  private async resume(plan: OpenImport): Promise<'finished' | 'failed' | null> {
    if ((await this.pool.query(STILL_OPEN_SQL, [plan.user_id, plan.import_id])).rowCount === 0) return null;
    try {
      // Ids derived from the plan: a sweep cut short and run again appends what it appended then.
      const result = await withDerivedIds(`import-sweep\u0000${plan.user_id}\u0000${plan.import_id}`, () =>
        this.importer.resume({ userId: plan.user_id, correlationId: plan.correlation_id, ...(plan.causation_id && { causationId: plan.causation_id }) }, plan.import_id),
      );
      this.failures.delete(plan.import_id);
      return result === null ? null : 'finished';
    } catch (error) {
      const count = (this.failures.get(plan.import_id)?.count ?? 0) + 1;
      const backoff = Math.min(MAX_BACKOFF_MS, Math.max(1, this.config.importSweepEveryMs) * 2 ** (count - 1));
      this.failures.set(plan.import_id, { count, notBefore: Date.now() + backoff });
      this.logger.warn(`import ${plan.import_id} of user ${plan.user_id} was not finished (failure ${count}): ${error instanceof Error ? error.message : String(error)}`);
      return 'failed';
    }
  }

  private backingOff(importId: string): boolean {
    const failure = this.failures.get(importId);
    return failure !== undefined && failure.notBefore > Date.now();
  }
}
