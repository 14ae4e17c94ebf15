import { randomUUID } from 'node:crypto';
import { BudgetProvisioner, budgetProjections } from '@budget/budget';
import type { Cents } from '@budget/money';
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
import { AddInstitutionCommand } from '../commands/add-institution/add-institution.command.js';
import { AddInstitutionHandler } from '../commands/add-institution/add-institution.handler.js';
import { ChangeAccountCommand } from '../commands/change-account/change-account.command.js';
import { ChangeAccountHandler } from '../commands/change-account/change-account.handler.js';
import { DeleteAccountCommand } from '../commands/delete-account/delete-account.command.js';
import { DeleteAccountHandler } from '../commands/delete-account/delete-account.handler.js';
import { ImportService } from '../commands/import.service.js';
import type { NewAccount } from '../commands/open-account.js';
import { StatementsService } from '../commands/statements.service.js';
import { TransactionsService } from '../commands/transactions.service.js';
import { ledgerProjection } from '../projection/ledger.projection.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';

/** Institutions and accounts through their command handlers, in cents. */
export class AccountCommands {
  constructor(private readonly writer: EventWriter, private readonly lookups: LedgerLookups, private readonly views: LedgerViews, private readonly pool: TestDatabase['pool']) {}

  /** The institution's id and its accounts' ids (sorted by account name, as the answer lists them). */
  async addInstitution(caller: Caller, name: string, accounts: (NewAccount & { balance: Cents })[]): Promise<{ institutionId: string; accountIds: string[] }> {
    const handler = new AddInstitutionHandler(this.writer, this.lookups, this.views, this.pool);
    const { data } = await handler.execute(new AddInstitutionCommand(caller.userId, { institution: { name }, accounts }));
    return { institutionId: data.id, accountIds: data.accounts.map((a) => a.id) };
  }

  async changeAccount(caller: Caller, accountId: string, change: { name?: string; closed?: boolean; startDate?: string }) {
    return new ChangeAccountHandler(this.writer, this.lookups, this.views, this.pool).execute(new ChangeAccountCommand(caller.userId, accountId, change));
  }

  async deleteAccount(caller: Caller, institutionId: string, accountId: string) {
    return new DeleteAccountHandler(this.writer, this.lookups, this.views).execute(new DeleteAccountCommand(caller.userId, institutionId, accountId));
  }
}

/**
 * The ledger's write side wired by hand against a real throwaway database, a real event store and
 * an in-process projector: the command handlers the API dispatches to, without HTTP.
 */
export class LedgerTestbed {
  private constructor(
    readonly db: TestDatabase,
    readonly store: PostgresEventStore,
    readonly projector: ProjectorHandle,
    private readonly waiter: PostgresProjectionWaiter,
    readonly clock: FixedClock,
    readonly writer: EventWriter,
    readonly lookups: LedgerLookups,
    readonly views: LedgerViews,
    readonly accounts: AccountCommands,
    readonly transactions: TransactionsService,
    readonly statements: StatementsService,
    readonly imports: ImportService,
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
    const views = new LedgerViews(db.pool);
    return new LedgerTestbed(
      db, store, projector, waiter, clock, writer, lookups, views,
      new AccountCommands(writer, lookups, views, db.pool), new TransactionsService(writer, lookups), new StatementsService(writer, lookups),
      new ImportService(writer, lookups), new BudgetProvisioner(store, clock, uuidGenerator),
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
