import { Inject, Injectable } from '@nestjs/common';
import type { Cents } from '@budget/money';
import { EventWriter, type Caller } from '@budget/platform';
import { decideDeleteTransaction } from '../domain/delete-transaction.decide.js';
import { RuleViolation } from '../domain/domain-error.js';
import { decideEditTransaction, type EditTransaction } from '../domain/edit-transaction.decide.js';
import { decideRecordAccountTransaction } from '../domain/record-transaction.decide.js';
import type { TransactionContext } from '../domain/record-transaction.decide.js';
import type { SplitInput } from '../domain/splits.js';
import { transactionStream, type TransactionEvent } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';
import { LedgerLookups, type AccountRow } from '../queries/ledger-lookups.js';

export interface ManualTransaction {
  date: string;
  name: string;
  amount: Cents;
  principle: Cents | null;
  comment: string | null;
  splits: SplitInput[];
}

/** Manual entry, edits and deletes of account transactions (server-behaviour §4.3, rules 8–11). */
@Injectable()
export class TransactionsService {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  async splitContext(userId: string, account: Pick<AccountRow, 'tracking' | 'type'> | null, splits: readonly SplitInput[]): Promise<TransactionContext> {
    const ids = splits.map((s) => s.categoryId).filter((id): id is string => typeof id === 'string');
    const [existing, system] = await Promise.all([this.lookups.existingCategories(userId, ids), this.lookups.systemCategories(userId)]);
    return {
      categoryExists: (id) => existing.has(id),
      unassignedCategoryId: system.unassigned,
      tracksTransactions: account?.tracking === 'Transactions',
      loanAccount: account?.type === 'loan',
    };
  }

  async recordManual(caller: Caller, accountId: string, input: ManualTransaction): Promise<{ transactionId: string; accountId: string; categories: string[] }> {
    const account = await this.lookups.account(caller.userId, accountId);
    const transactionId = this.writer.newId();
    const events = decideRecordAccountTransaction(
      { ...input, transactionId, kind: 'manual', accountId: account.id, provider: 'NONE', providerTransactionId: null, pending: false },
      foldTransaction([]),
      await this.splitContext(caller.userId, account, input.splits),
    );
    await this.writer.settle(await this.writer.append(transactionStream(transactionId), events, 'no_stream', caller));
    return { transactionId, accountId: account.id, categories: events[0]!.data.splits.map((s) => s.categoryId) };
  }

  /** Returns the categories and account touched, and the statement whose totals moved, if any. */
  async edit(caller: Caller, transactionId: string, command: EditTransaction) {
    const owned = await this.lookups.transactionOwned(caller.userId, transactionId);
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const folded = foldTransaction(loaded.events);
    const state = folded.account ? { ...folded, account: { ...folded.account, statementId: owned.statementId } } : folded;
    if (command.statementId) await this.requireStatementOfAccount(caller, command.statementId, owned.accountId);
    const account = owned.accountId ? await this.lookups.account(caller.userId, owned.accountId) : null;
    const events = decideEditTransaction(command, state, await this.splitContext(caller.userId, account, command.splits ?? []));
    await this.writer.settle(await this.writer.append(stream, events, loaded.revision, caller));
    const changes = events[0]?.data.changes;
    return {
      categories: [...state.splits, ...(changes?.splits?.to ?? [])].map((s) => s.categoryId),
      accountId: owned.accountId,
      statementId: changes?.statementId ? (changes.statementId.to ?? changes.statementId.from) : null,
    };
  }

  async delete(caller: Caller, transactionId: string): Promise<{ categories: string[]; accountId: string | null; posted: boolean }> {
    const owned = await this.lookups.transactionOwned(caller.userId, transactionId);
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const state = foldTransaction(loaded.events);
    const events = decideDeleteTransaction(state);
    await this.writer.settle(await this.writer.append(stream, events, loaded.revision, caller));
    return {
      categories: events.length > 0 ? state.splits.map((s) => s.categoryId) : [],
      accountId: owned.accountId,
      posted: events.length > 0 && state.account !== null && !state.account.pending,
    };
  }

  private async requireStatementOfAccount(caller: Caller, statementId: string, accountId: string | null): Promise<void> {
    const statementAccount = await this.lookups.statementAccount(caller.userId, statementId);
    if (statementAccount !== accountId) throw new RuleViolation('statementId', 'The statement belongs to another account.', 'mismatch');
  }
}
