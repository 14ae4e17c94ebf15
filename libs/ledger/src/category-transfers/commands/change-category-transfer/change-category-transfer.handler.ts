import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { transactionStream, type TransactionEvent } from '../../../domain/transaction.events.js';
import { foldTransaction } from '../../../domain/transaction.state.js';
import { ensureWithinBalanceBound } from '../../../commands/balance-bound.js';
import { LedgerLookups } from '../../../queries/ledger-lookups.js';
import { LedgerViews } from '../../../queries/transaction-view.js';
import { decideChangeCategoryTransfer } from '../../domain/change-category-transfer.decide.js';
import { namedCategories, transferAnswer, transferContext, transferLines } from '../transfer-input.js';
import { ChangeCategoryTransferCommand } from './change-category-transfer.command.js';

/**
 * Load the caller's transaction stream, decide, append at the loaded revision, wait for the read
 * models, answer the balances of every category the old and new splits touch (when nothing
 * changed, the old splits' and the named ones) and the transaction.
 */
@CommandHandler(ChangeCategoryTransferCommand)
export class ChangeCategoryTransferHandler implements ICommandHandler<ChangeCategoryTransferCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: ChangeCategoryTransferCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, transactionId, body }: ChangeCategoryTransferCommand) {
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, { userId }, 'Transaction');
    const state = foldTransaction(loaded.events);
    const lines = transferLines(body);
    const command = {
      type: body.type,
      date: body.date,
      lines,
      ...(body.comment !== undefined && { comment: body.comment }),
      ...(body.version !== undefined && { version: body.version }),
    };
    const events = decideChangeCategoryTransfer(command, state, await transferContext(this.lookups, userId, lines));
    await ensureWithinBalanceBound(this.lookups, userId, 'categories', [{ before: state, events }]);
    const before = state.splits.map((s) => s.categoryId);
    const after = events.length === 0 ? namedCategories(lines) : (events[0]!.data.changes.splits?.to ?? []).map((s) => s.categoryId);
    return this.writer.appendThenRead(stream, events, loaded.revision, { userId }, (db) => transferAnswer(this.views, userId, [...before, ...after], transactionId, db));
  }
}
