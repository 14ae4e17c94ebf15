import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, PG_POOL, withDerivedIds, type AppConfig, type Pool } from '@budget/platform';
import { BankFileImporter } from './bank-file-import.js';

/** Nest token: false turns off the sweep a process runs when it starts (`ImportSweep`). */
export const IMPORT_SWEEP_ON_START = Symbol.for('budget.ledger.ImportSweepOnStart');

/**
 * The plans (`StatementFileImportPlanned`) whose action recorded no summary
 * (`StatementFileImported` on the account, same user and correlation id): imports a crash cut
 * short. Read from the log itself, the plan being the intent; the summary is found by its stream
 * (the unique (stream_id, revision) index), so the cost is one pass over the plans.
 */
const UNFINISHED_SQL = `
  SELECT p.user_id, p.data->>'importId' AS import_id, p.metadata->>'correlationId' AS correlation_id, p.metadata->>'causationId' AS causation_id
    FROM es_events p
   WHERE p.type = 'StatementFileImportPlanned'
     AND NOT EXISTS (
       SELECT 1 FROM es_events s
        WHERE s.stream_id = 'account-' || (p.data->>'accountId') AND s.user_id = p.user_id
          AND s.type = 'StatementFileImported' AND s.metadata->>'correlationId' = p.metadata->>'correlationId')
   ORDER BY p.position
   LIMIT $1`;

export interface SweepOutcome {
  finished: number;
  failed: number;
}

/**
 * Finishes OFX/CSV imports a crash cut short (docs/architecture.md §8 "Imports in chunks"): an
 * import records its plan, then its rows a chunk at a time, then its summary; a plan with no
 * summary of its action is resumed from the plan (`BankFileImporter.resume`), with ids derived
 * from the plan, so the rows already stored are not appended again, the missing ones are appended
 * once (their streams are derived from the plan's rows and expect no stream), and two sweeps, or a
 * sweep and the client's retry, racing each other store every row once. Runs when the process
 * starts (the API and the worker load the ledger), in the background; an import it cannot finish
 * (its account deleted, the balance bound met) is logged and left as it was, for the next start or
 * the client's retry. PostgreSQL only: EventStoreDB has no query over every plan.
 */
@Injectable()
export class ImportSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ImportSweep');
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(BankFileImporter) private readonly importer: BankFileImporter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(IMPORT_SWEEP_ON_START) private readonly onStart: boolean = true,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.onStart || this.config.eventStore !== 'postgres') return;
    this.running = this.run().catch((error: unknown) => this.logger.error(`the import sweep stopped: ${String(error)}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** Resumes every unfinished import, `batch` plans at a time; answers how many finished and how many could not. */
  async run(batch = 100): Promise<SweepOutcome> {
    const outcome: SweepOutcome = { finished: 0, failed: 0 };
    const tried = new Set<string>();
    for (;;) {
      const { rows } = await this.pool.query<{ user_id: string; import_id: string; correlation_id: string; causation_id: string | null }>(UNFINISHED_SQL, [batch + tried.size]);
      const fresh = rows.filter((r) => !tried.has(r.import_id));
      if (fresh.length === 0) return outcome;
      for (const plan of fresh) {
        tried.add(plan.import_id);
        try {
          // Ids derived from the plan: a sweep cut short and run again appends what it appended then.
          await withDerivedIds(`import-sweep\u0000${plan.user_id}\u0000${plan.import_id}`, () =>
            this.importer.resume({ userId: plan.user_id, correlationId: plan.correlation_id, ...(plan.causation_id && { causationId: plan.causation_id }) }, plan.import_id),
          );
          outcome.finished += 1;
        } catch (error) {
          outcome.failed += 1;
          this.logger.warn(`import ${plan.import_id} of user ${plan.user_id} was not finished: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  }
}
