import { settleAll, type PoolClient, type Projection, type StoredEvent } from '@budget/platform';
import type { AccountEvent, InstitutionEvent } from '../domain/account.events.js';
import type { TransactionEvent } from '../domain/transaction.events.js';
import { TRANSFER_PAIR_EVENTS, type TransferPairEvent } from '../domain/transfer-pair.events.js';
import { applyPayees } from '../queries/list-payees/payees.projection.js';
import { payeesMigrations, payeesTables } from '../queries/list-payees/payees.migrations.js';
import { applyTransferPairEvent } from '../queries/transfer-candidates/transfer-pairs.projection.js';
import { applyAccountEvent, applyInstitutionEvent } from './apply-account-event.js';
import { applyTransactionEvent } from './apply-transaction-event.js';
import { ledgerMigrations, ledgerTables } from './ledger.migrations.js';
import { changeMany, changesInBatch, type Changing } from './change-batch.js';
import { recordMany, recordsInBatch, type Recorded } from './record-batch.js';
import { applyTurnover, turnoverMigrations, turnoverTables } from './turnover.js';
import { logAccountEvent, logInstitutionEvent } from './transaction-log.js';
import { balanceBoundGuard } from '../commands/balance-bound.js';

const TRANSACTION_EVENTS = new Set(['TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored', 'TransactionDuplicateCleared', 'TransactionReviewed']);
const INSTITUTION_EVENTS = new Set(['InstitutionAdded', 'InstitutionRenamed', 'InstitutionDeleted']);
const ACCOUNT_EVENTS = new Set([
  'AccountOpened', 'AccountRenamed', 'AccountClosed', 'AccountReopened', 'AccountStartDateChanged', 'AccountTrackingChanged', 'AccountDeleted',
  'StatementCreated', 'StatementChanged', 'StatementReconciled', 'StatementFinished', 'StatementReopened', 'BalanceRecorded', 'BalanceChanged', 'BalanceRemoved',
  'StatementFileImported', 'AccountPlaidBalanceChanged',
]);

/** Institutions, accounts, transactions, registers, balances, statements, history and the log. */
export const ledgerProjection: Projection = {
  name: 'ledger',
  // The payees (docs/architecture.md §4.4) follow the transaction events after the ledger's own tables.
  migrations: [...ledgerMigrations, ...payeesMigrations, ...turnoverMigrations],
  tables: [...ledgerTables, ...payeesTables, ...turnoverTables],
  // The payees read the users' special categories (never changed once made).
  reads: ['budget_categories'],
  // Inline projection: the balance bound is checked again under the user's lock (docs/architecture.md §5).
  guard: balanceBoundGuard,
  async apply(client: PoolClient, event: StoredEvent): Promise<void> {
    await applyLedgerEvent(client, event);
    await payeesAndTurnover(client, [event]);
  },
  /**
   * Runs of transaction events are projected set-based: new transactions through `recordMany`,
   * changes, deletes and restores through `changeMany`; every other event one by one, as `apply`.
   * The payees follow, the batch's transaction events in one pass.
   */
  async applyBatch(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
    let run = new TransactionRun();
    for (const event of events) {
      if (recordsInBatch(event) || changesInBatch(event)) {
        if (!run.admits(event)) {
          await run.project(client);
          run = new TransactionRun();
        }
        run.add(event);
        continue;
      }
      await run.project(client);
      run = new TransactionRun();
      await applyLedgerEvent(client, event);
    }
    await run.project(client);
    await payeesAndTurnover(client, events);
  },
};

/**
 * The payees (docs/architecture.md §4.4) and each user's turnover (the bound on every sum, §5: one
 * statement for the batch) from what the ledger's own tables now hold, side by side: neither reads
 * the other's tables, so their statements share round trips on the pipelined client (§4.8).
 */
function payeesAndTurnover(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
  return settleAll([
    { run: () => applyPayees(client, events.filter((e) => TRANSACTION_EVENTS.has(e.type))) },
    { run: () => applyTurnover(client, events) },
  ]);
}

/** One event to the ledger's own tables (the payees aside). */
async function applyLedgerEvent(client: PoolClient, event: StoredEvent): Promise<void> {
  if (TRANSACTION_EVENTS.has(event.type)) return applyTransactionEvent(client, event as StoredEvent & TransactionEvent);
  // Account and institution events that move money are logged too (transaction-log.ts).
  if (INSTITUTION_EVENTS.has(event.type)) return logInstitutionEvent(client, event as StoredEvent & InstitutionEvent, () => applyInstitutionEvent(client, event as StoredEvent & InstitutionEvent));
  if (ACCOUNT_EVENTS.has(event.type)) return logAccountEvent(client, event as StoredEvent & AccountEvent, () => applyAccountEvent(client, event as StoredEvent & AccountEvent));
  if (TRANSFER_PAIR_EVENTS.has(event.type)) return applyTransferPairEvent(client, event as StoredEvent & TransferPairEvent);
}

/**
 * Transaction events whose effects commute, so that a run's new rows can be recorded first and its
 * changes applied after, each set-based, with what one by one gives: each transaction at most once
 * (a second event of the same transaction starts a new run), and no new row flagged as a duplicate
 * of a row this run restores (the flag takes the original only while it is live: the order of the
 * two decides it). A delete and a flag agree in any order: a new row's flag on a row deleted
 * before it is never set, and one set before the delete is cleared by it.
 */
class TransactionRun {
  private readonly recorded: Recorded[] = [];
  private readonly changed: Changing[] = [];
  private readonly ids = new Set<string>();
  private readonly restored = new Set<string>();
  private readonly flagged = new Set<string>();

  admits(event: Recorded | Changing): boolean {
    const id = event.data.transactionId;
    if (this.ids.has(id)) return false;
    if (event.type === 'TransactionRestored' && this.flagged.has(id)) return false;
    const original = event.type === 'TransactionRecorded' ? event.data.duplicateOfTransactionId : undefined;
    return original === undefined || !this.restored.has(original);
  }

  add(event: Recorded | Changing): void {
    this.ids.add(event.data.transactionId);
    if (event.type === 'TransactionRecorded') {
      this.recorded.push(event);
      if (event.data.duplicateOfTransactionId) this.flagged.add(event.data.duplicateOfTransactionId);
    } else {
      this.changed.push(event);
      if (event.type === 'TransactionRestored') this.restored.add(event.data.transactionId);
    }
  }

  async project(client: PoolClient): Promise<void> {
    await recordMany(client, this.recorded);
    await changeMany(client, this.changed);
  }
}
