import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { decideDeleteTransaction } from '../../domain/delete-transaction.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { lockedRowUnlock } from '../locked-row.js';
import { DeleteTransactionCommand } from './delete-transaction.command.js';

/**
 * Load the transaction, decide the delete (rule 11), append; answer the balances it moved. A row of
 * a finished statement goes only when confirmed, reopening the statement (docs/architecture.md §9.7).
 */
@CommandHandler(DeleteTransactionCommand)
export class DeleteTransactionHandler implements ICommandHandler<DeleteTransactionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: DeleteTransactionCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, transactionId, unlockConfirmed }: DeleteTransactionCommand) {
    const caller = { userId };
    const owned = await this.lookups.transactionOwned(userId, transactionId);
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const state = foldTransaction(loaded.events);
    const events = decideDeleteTransaction(state);
    await ensureWithinBalanceBound(this.lookups, userId, 'transactionId', [{ before: state, events }]);
    const posted = events.length > 0 && state.account !== null && !state.account.pending;
    const change = { transactionId, statementId: owned.statementId, moves: events.length > 0, deleted: true };
    const unlock = events.length > 0 ? await lockedRowUnlock(this.writer, caller, owned.accountId, change, unlockConfirmed) : [];
    const [categories, acctBalances] = await this.writer.appendManyThenRead([{ stream, events, expectedRevision: loaded.revision }, ...unlock], caller, (db) =>
      Promise.all([
        this.views.categoryBalances(userId, events.length > 0 ? state.splits.map((s) => s.categoryId) : [], false, db),
        posted && owned.accountId ? this.views.accountBalances(userId, [owned.accountId], db) : [],
      ]),
    );
    return { data: { categories, acctBalances } };
  }
}
