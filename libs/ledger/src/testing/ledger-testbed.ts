import { randomUUID } from 'node:crypto';
import { BudgetProvisioner, budgetProjections } from '@budget/budget';
import type { Cents } from '@budget/money';
import {
  EventWriter,
  FixedClock,
  InlineProjectionEventStore,
  GuardedAppendEventStore,
  InlineProjectionWaiter,
  migrateProjections,
  PostgresEventStore,
  PostgresProjectionWaiter,
  startProjector,
  uuidGenerator,
  type Caller,
  type EventStore,
  type ProjectionWaiter,
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
import { ChangeStatementCommand } from '../commands/change-statement/change-statement.command.js';
import { ChangeStatementHandler } from '../commands/change-statement/change-statement.handler.js';
import { CreateStatementCommand } from '../commands/create-statement/create-statement.command.js';
import { CreateStatementHandler } from '../commands/create-statement/create-statement.handler.js';
import { DeleteTransactionCommand } from '../commands/delete-transaction/delete-transaction.command.js';
import { DeleteTransactionHandler } from '../commands/delete-transaction/delete-transaction.handler.js';
import { EditTransactionCommand } from '../commands/edit-transaction/edit-transaction.command.js';
import { EditTransactionHandler } from '../commands/edit-transaction/edit-transaction.handler.js';
import { BankFileImporter } from '../commands/bank-file-import.js';
import type { NewAccount } from '../commands/open-account.js';
import { RecordBalanceCommand } from '../commands/record-balance/record-balance.command.js';
import { RecordBalanceHandler } from '../commands/record-balance/record-balance.handler.js';
import { RecordTransactionCommand } from '../commands/record-transaction/record-transaction.command.js';
import { RecordTransactionHandler } from '../commands/record-transaction/record-transaction.handler.js';
import { RemoveBalanceCommand } from '../commands/remove-balance/remove-balance.command.js';
import { RemoveBalanceHandler } from '../commands/remove-balance/remove-balance.handler.js';
import type { StatementFields } from '../domain/statement.decide.js';
import type { SplitInput } from '../domain/splits.js';
import { ledgerProjection } from '../projection/ledger.projection.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';

/** Institutions and accounts through their command handlers, in cents. */
export class AccountCommands {
  constructor(private readonly writer: EventWriter, private readonly lookups: LedgerLookups, private readonly views: LedgerViews) {}

  /** The institution's id and its accounts' ids (sorted by account name, as the answer lists them). */
  async addInstitution(caller: Caller, name: string, accounts: (NewAccount & { balance: Cents })[]): Promise<{ institutionId: string; accountIds: string[] }> {
    const handler = new AddInstitutionHandler(this.writer, this.lookups, this.views);
    const { data } = await handler.execute(new AddInstitutionCommand(caller.userId, { institution: { name }, accounts }));
    return { institutionId: data.id, accountIds: data.accounts.map((a) => a.id) };
  }

  async changeAccount(caller: Caller, accountId: string, change: { name?: string; closed?: boolean; startDate?: string; tracking?: string }) {
    return new ChangeAccountHandler(this.writer, this.lookups, this.views).execute(new ChangeAccountCommand(caller.userId, accountId, change));
  }

  async deleteAccount(caller: Caller, institutionId: string, accountId: string) {
    return new DeleteAccountHandler(this.writer, this.lookups, this.views).execute(new DeleteAccountCommand(caller.userId, institutionId, accountId));
  }
}

/** A manual transaction or an edit, in cents, as the rules tests write them. */
interface ManualTransaction {
  date: string;
  name: string;
  amount: Cents;
  principle: Cents | null;
  comment: string | null;
  splits: SplitInput[];
}
type Edit = { version: number; date?: string; name?: string; amount?: Cents; principle?: Cents | null; comment?: string | null; splits?: SplitInput[]; statementId?: string | null };

const lines = (splits: readonly SplitInput[]) => splits.map((s) => ({ categoryId: s.categoryId ?? null, amount: s.amount, comment: s.comment ?? null }));

/** Account transactions through their command handlers, in cents. */
export class TransactionCommands {
  private readonly recordHandler: RecordTransactionHandler;
  private readonly editHandler: EditTransactionHandler;
  private readonly deleteHandler: DeleteTransactionHandler;

  constructor(writer: EventWriter, lookups: LedgerLookups, views: LedgerViews) {
    this.recordHandler = new RecordTransactionHandler(writer, lookups, views);
    this.editHandler = new EditTransactionHandler(writer, lookups, views);
    this.deleteHandler = new DeleteTransactionHandler(writer, lookups, views);
  }

  async recordManual(caller: Caller, accountId: string, input: ManualTransaction): Promise<{ transactionId: string; accountId: string; categories: string[] }> {
    const { splits, ...fields } = input;
    const answer = await this.recordHandler.execute(new RecordTransactionCommand(caller.userId, accountId, { ...fields, categories: lines(splits) }));
    return { transactionId: answer.transaction.id, accountId, categories: answer.categories.map((c) => c.id) };
  }

  async edit(caller: Caller, transactionId: string, edit: Edit) {
    const { splits, ...fields } = edit;
    return this.editHandler.execute(new EditTransactionCommand(caller.userId, transactionId, { ...fields, ...(splits && { categories: lines(splits) }) }));
  }

  async delete(caller: Caller, transactionId: string) {
    return this.deleteHandler.execute(new DeleteTransactionCommand(caller.userId, transactionId));
  }
}

/** Statements and balance history through their command handlers, in cents. */
export class StatementCommands {
  constructor(private readonly writer: EventWriter, private readonly lookups: LedgerLookups) {}

  async createStatement(caller: Caller, accountId: string, fields: Required<StatementFields>): Promise<string> {
    const answer = await new CreateStatementHandler(this.writer, this.lookups).execute(new CreateStatementCommand(caller.userId, accountId, fields));
    return answer.id;
  }

  async changeStatement(caller: Caller, statementId: string, fields: StatementFields & { reconcile?: 'All' | 'None' }) {
    return new ChangeStatementHandler(this.writer, this.lookups).execute(new ChangeStatementCommand(caller.userId, statementId, fields));
  }

  async recordBalance(caller: Caller, accountId: string, date: string, balance: Cents): Promise<{ balanceId: string }> {
    const { data } = await new RecordBalanceHandler(this.writer, this.lookups).execute(new RecordBalanceCommand(caller.userId, accountId, { date, amount: balance }));
    return { balanceId: data.id };
  }

  async removeBalance(caller: Caller, balanceId: string): Promise<void> {
    await new RemoveBalanceHandler(this.writer, this.lookups).execute(new RemoveBalanceCommand(caller.userId, balanceId));
  }
}

/**
 * The ledger's write side wired by hand against a real throwaway database, a real event store and
 * an in-process projector: the command handlers the API dispatches to, without HTTP.
 */
export class LedgerTestbed {
  private constructor(
    readonly db: TestDatabase,
    readonly store: EventStore,
    readonly projector: ProjectorHandle,
    private readonly waiter: ProjectionWaiter,
    readonly clock: FixedClock,
    readonly writer: EventWriter,
    readonly lookups: LedgerLookups,
    readonly views: LedgerViews,
    readonly accounts: AccountCommands,
    readonly transactions: TransactionCommands,
    readonly statements: StatementCommands,
    readonly imports: BankFileImporter,
    private readonly provisioner: BudgetProvisioner,
  ) {}

  /**
   * `inline` (the product's default on PostgreSQL): every append projects the read models in its own
   * transaction and the projector only follows the log. `async`: the projector projects them, and
   * appends are guarded under their users' locks as the product does it (`GuardedAppendEventStore`).
   */
  static async start(label = 'ledger', mode: 'inline' | 'async' = 'inline'): Promise<LedgerTestbed> {
    const db = await createTestDatabase(label);
    const projections = [...budgetProjections, ledgerProjection];
    const postgres = await PostgresEventStore.create(db.pool, db.url);
    const store = mode === 'inline' ? new InlineProjectionEventStore(postgres, projections) : new GuardedAppendEventStore(postgres, projections);
    if (mode === 'inline') await migrateProjections(db.pool, projections);
    const projector = await startProjector({ pool: db.pool, store, projections: mode === 'inline' ? [] : projections, batchSize: 200 });
    const waiter = mode === 'inline' ? new InlineProjectionWaiter() : new PostgresProjectionWaiter({ connectionString: db.url, timeoutMs: 15_000 });
    const clock = new FixedClock(new Date('2025-03-15T12:00:00Z'));
    const writer = new EventWriter(store, clock, uuidGenerator, waiter, db.pool);
    const lookups = new LedgerLookups(db.pool);
    const views = new LedgerViews(db.pool);
    return new LedgerTestbed(
      db, store, projector, waiter, clock, writer, lookups, views,
      new AccountCommands(writer, lookups, views), new TransactionCommands(writer, lookups, views), new StatementCommands(writer, lookups),
      new BankFileImporter(writer, lookups, store), new BudgetProvisioner(store, clock, uuidGenerator),
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
