import type { PoolClient, Projection, StoredEvent } from '@budget/platform';
import type { AccountEvent, InstitutionEvent } from '../domain/account.events.js';
import type { TransactionEvent } from '../domain/transaction.events.js';
import { applyAccountEvent, applyInstitutionEvent } from './apply-account-event.js';
import { applyTransactionEvent } from './apply-transaction-event.js';
import { ledgerMigrations, ledgerTables } from './ledger.migrations.js';
import { recordMany, recordsInBatch, type Recorded } from './record-batch.js';

const TRANSACTION_EVENTS = new Set(['TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored', 'TransactionDuplicateCleared']);
const INSTITUTION_EVENTS = new Set(['InstitutionAdded', 'InstitutionRenamed', 'InstitutionDeleted']);
const ACCOUNT_EVENTS = new Set([
  'AccountOpened', 'AccountRenamed', 'AccountClosed', 'AccountReopened', 'AccountStartDateChanged', 'AccountTrackingChanged', 'AccountDeleted',
  'StatementCreated', 'StatementChanged', 'StatementReconciled', 'BalanceRecorded', 'BalanceChanged', 'BalanceRemoved',
  'StatementFileImported', 'AccountPlaidBalanceChanged',
]);

/** Institutions, accounts, transactions, registers, balances, statements, history and the log. */
export const ledgerProjection: Projection = {
  name: 'ledger',
  migrations: ledgerMigrations,
  tables: ledgerTables,
  async apply(client: PoolClient, event: StoredEvent): Promise<void> {
    if (TRANSACTION_EVENTS.has(event.type)) return applyTransactionEvent(client, event as StoredEvent & TransactionEvent);
    if (INSTITUTION_EVENTS.has(event.type)) return applyInstitutionEvent(client, event as StoredEvent & InstitutionEvent);
    if (ACCOUNT_EVENTS.has(event.type)) return applyAccountEvent(client, event as StoredEvent & AccountEvent);
  },
  /** Runs of new transactions are recorded set-based (`recordMany`); every other event one by one. */
  async applyBatch(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
    let run: Recorded[] = [];
    for (const event of events) {
      if (recordsInBatch(event)) {
        run.push(event);
        continue;
      }
      await recordMany(client, run);
      run = [];
      await ledgerProjection.apply(client, event);
    }
    await recordMany(client, run);
  },
};
