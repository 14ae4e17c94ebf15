import { randomUUID } from 'node:crypto';
import { BudgetProvisioner, budgetProjections } from '@budget/budget';
import {
  EventWriter,
  FixedClock,
  PostgresEventStore,
  PostgresProjectionWaiter,
  startProjector,
  uuidGenerator,
  type Caller,
  type StoredEvent,
  type ProjectorHandle,
} from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { AccountsService } from '../commands/accounts.service.js';
import { ImportService } from '../commands/import.service.js';
import { StatementsService } from '../commands/statements.service.js';
import { TransactionsService } from '../commands/transactions.service.js';
import { ledgerProjection } from '../projection/ledger.projection.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';

/**
 * The ledger's write side wired by hand against a real throwaway database, a real event store and
 * an in-process projector: what the API runs, without HTTP.
 */
export class LedgerTestbed {
  private constructor(
    readonly db: TestDatabase,
    readonly store: PostgresEventStore,
    readonly projector: ProjectorHandle,
    private readonly waiter: PostgresProjectionWaiter,
    readonly clock: FixedClock,
    readonly accounts: AccountsService,
    readonly transactions: TransactionsService,
    readonly statements: StatementsService,
    readonly imports: ImportService,
    readonly lookups: LedgerLookups,
    private readonly provisioner: BudgetProvisioner,
  ) {}

  static async start(label = 'ledger'): Promise<LedgerTestbed> {
    const db = await createTestDatabase(label);
    const store = await PostgresEventStore.create(db.pool, db.url);
    const projector = await startProjector({ pool: db.pool, store, projections: [...budgetProjections, ledgerProjection], batchSize: 200 });
    const waiter = new PostgresProjectionWaiter({ connectionString: db.url, timeoutMs: 15_000 });
    const clock = new FixedClock(new Date('2025-03-15T12:00:00Z'));
    const writer = new EventWriter(store, clock, uuidGenerator, waiter);
    const lookups = new LedgerLookups(db.pool);
    return new LedgerTestbed(
      db, store, projector, waiter, clock,
      new AccountsService(writer, lookups), new TransactionsService(writer, lookups), new StatementsService(writer, lookups),
      new ImportService(writer, lookups), lookups, new BudgetProvisioner(store, clock, uuidGenerator),
    );
  }

  /** A new user with the default budget; `categories` maps names (e.g. "Groceries") to ids. */
  async newUser(): Promise<{ caller: Caller; categories: Map<string, string> }> {
    const userId = randomUUID();
    await this.projector.caughtUp(await this.provisioner.provision(userId, randomUUID()), 15_000);
    const { rows } = await this.db.pool.query<{ id: string; name: string }>('SELECT id, name FROM budget_categories WHERE user_id = $1', [userId]);
    return { caller: { userId }, categories: new Map(rows.map((r) => [r.name, r.id])) };
  }

  /** The user's events in log order, straight from the PostgreSQL adapter's table. */
  async userEvents(userId: string): Promise<StoredEvent[]> {
    const { rows } = await this.db.pool.query<{ position: string; event_id: string; stream_id: string; revision: number; type: string; data: unknown; metadata: StoredEvent['metadata'] }>(
      'SELECT position, event_id, stream_id, revision, type, data, metadata FROM es_events WHERE user_id = $1 ORDER BY position',
      [userId],
    );
    return rows.map((r) => ({ id: r.event_id, streamId: r.stream_id, revision: r.revision, position: BigInt(r.position), type: r.type, data: r.data, metadata: r.metadata }));
  }

  async stop(): Promise<void> {
    await this.projector.stop();
    await this.waiter.close();
    await this.store.close();
    await this.db.drop();
  }
}
